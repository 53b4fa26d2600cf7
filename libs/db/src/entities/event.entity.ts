import { defineEntity, p } from '@mikro-orm/core';
import { EVENT_STATUSES } from '@nocturne/domain';
import { Member } from './member.entity.js';
import { Venue } from './venue.entity.js';

export { EVENT_STATUSES, type EventStatus } from '@nocturne/domain';

/**
 * A club night sold as an event at one venue (PRODUCT.md §Events): its line-up, its door times in
 * venue wall-clock time on the night's date (`night`, the evening; 03:00 is the next morning),
 * price, policies, poster, and its guest list's terms. A weekly event runs on the same weekday
 * from `night` to `repeatUntil` (null: until changed). Drafts are staff-only.
 */
export const Event = defineEntity({
  name: 'Event',
  tableName: 'events',
  uniques: [{ name: 'events_slug_unique', properties: ['slug'] }],
  indexes: [{ name: 'events_venue_night_idx', properties: ['venue', 'night'] }],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    venue: () => p.manyToOne(Venue).deleteRule('restrict'),
    /** Its address on the public site: /whats-on/:slug. */
    slug: p.string().length(80),
    title: p.string().length(120),
    description: p.text().default(''),
    /** Performer names, in billing order. */
    lineUp: p.array().columnType('text[]').defaultRaw(`'{}'`),
    night: p.string().columnType('date'),
    /** 'HH:MM' venue time. */
    doorsOpen: p.string().length(5),
    lastEntry: p.string().length(5),
    repeatsWeekly: p.boolean().default(false),
    repeatUntil: p.string().columnType('date').nullable(),
    agePolicy: p.string().length(80).default('18+'),
    /** Entry at the door in cents of `currency` (0: free). */
    priceCents: p.integer().default(0),
    currency: p.string().length(3).default('AUD'),
    dressCode: p.string().length(200).default(''),
    /** People the night holds (null: the venue's own limit). */
    capacity: p.integer().nullable(),
    /** An uploaded object path (news/<id>.jpg), served under /media/. */
    posterPath: p.string().length(300).nullable(),
    status: p.enum(EVENT_STATUSES).default('draft'),
    /** Places on each night's guest list, plus-ones included (null: no guest list). */
    listCapacity: p.integer().nullable(),
    /** Guest-list entry is free until then, venue time (null: no free entry). */
    listFreeUntil: p.string().length(5).nullable(),
    /** Sign-ups close then on the night, venue time (null: at last entry). */
    listCutoff: p.string().length(5).nullable(),
    /** The news post (type event) that announced it, if one did. */
    announcementPostId: p.uuid().nullable(),
    createdBy: () => p.manyToOne(Member).deleteRule('set null').nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});

/** One night of an event's guest list, made on its first sign-up: the row sign-ups lock, and whether staff closed it. */
export const GuestList = defineEntity({
  name: 'GuestList',
  tableName: 'guest_lists',
  properties: {
    event: () => p.manyToOne(Event).primary().deleteRule('cascade'),
    night: p.string().columnType('date').primary(),
    closedAt: p.datetime().columnType('timestamptz').nullable(),
    closedBy: () => p.manyToOne(Member).deleteRule('set null').nullable(),
  },
});

/**
 * A name on a night's guest list: a member who signed up (with the plus-ones their tier allows),
 * or a non-member staff added by name and e-mail. `arrivedCount` is how many of the party door
 * staff let in (once; null: not yet). A member who leaves the list is deleted (their place is free).
 */
export const GuestListEntry = defineEntity({
  name: 'GuestListEntry',
  tableName: 'guest_list_entries',
  uniques: [{ name: 'guest_list_entries_member_unique', properties: ['event', 'night', 'member'] }],
  indexes: [{ name: 'guest_list_entries_member_idx', properties: ['member'] }],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    event: () => p.manyToOne(Event).deleteRule('cascade'),
    night: p.string().columnType('date'),
    member: () => p.manyToOne(Member).deleteRule('cascade').nullable(),
    guestName: p.string().length(80).nullable(),
    guestEmail: p.string().length(254).nullable(),
    plusOnes: p.smallint().default(0),
    addedBy: () => p.manyToOne(Member).deleteRule('set null').nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    arrivedCount: p.smallint().nullable(),
    arrivedAt: p.datetime().columnType('timestamptz').nullable(),
    arrivedBy: () => p.manyToOne(Member).deleteRule('set null').nullable(),
  },
});

/**
 * A venue's no-show rule, set by a manager: `noShows` no-shows within `withinDays` days pause a
 * member's guest-list sign-ups for `pauseDays` days. No row: no rule.
 */
export const GuestListRule = defineEntity({
  name: 'GuestListRule',
  tableName: 'guest_list_rules',
  properties: {
    venue: () => p.manyToOne(Venue).primary().deleteRule('cascade'),
    noShows: p.smallint(),
    withinDays: p.smallint(),
    pauseDays: p.smallint(),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
