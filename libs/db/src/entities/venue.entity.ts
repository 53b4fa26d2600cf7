import { defineEntity, p } from '@mikro-orm/core';
import { VENUE_KINDS, type OpeningHours } from '@nocturne/domain';
import { Member } from './member.entity.js';

export { VENUE_KINDS, type VenueKind } from '@nocturne/domain';

/**
 * One venue of the group an install runs (PRODUCT.md §12). An install that predates venues has
 * exactly one, made by the migration from its settings: its time zone, inbox and location are null
 * and read from VENUE_TZ, VENUE_INBOX and WALLET_VENUE_LOCATION, so nothing about it changed.
 * An archived venue keeps its history (visits, scans, bookings name it) and takes no new activity.
 */
export const Venue = defineEntity({
  name: 'Venue',
  tableName: 'venues',
  uniques: [{ name: 'venues_slug_unique', properties: ['slug'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    /** Its address on the public site: /venues/:slug. */
    slug: p.string().length(40),
    name: p.string().length(80),
    /** What schema.org calls it (its JSON-LD type). */
    kind: p.enum(VENUE_KINDS).default('NightClub'),
    street: p.string().length(120).default(''),
    locality: p.string().length(80).default(''),
    region: p.string().length(80).default(''),
    postalCode: p.string().length(20).default(''),
    country: p.string().length(60).default(''),
    phone: p.string().length(40).default(''),
    /** Where its booking requests and contact messages are e-mailed; null: VENUE_INBOX. */
    inboxEmail: p.string().length(254).nullable(),
    /** Its IANA time zone; null: VENUE_TZ. Club nights, opening hours and bookings are in it. */
    timeZone: p.string().length(64).nullable(),
    /** Opening hours by weekday (domain OpeningHours); null: the domain's VENUE_OPENING_HOURS. */
    openingHours: p.json<OpeningHours>().nullable(),
    /** Where it is, for maps and the Wallet pass's lock screen; null: WALLET_VENUE_LOCATION (or none). */
    latitude: p.double().nullable(),
    longitude: p.double().nullable(),
    /** Order in lists (the group landing page, the staff switcher). */
    position: p.integer().default(0),
    archivedAt: p.datetime().columnType('timestamptz').nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});

/**
 * A door device a manager named ("Main door", "VIP"), at one venue. A door session picks one; the
 * scan log, verdicts, the tally and the overview name it.
 */
export const DoorDevice = defineEntity({
  name: 'DoorDevice',
  tableName: 'door_devices',
  uniques: [{ name: 'door_devices_venue_name_unique', properties: ['venue', 'name'] }],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    venue: () => p.manyToOne(Venue).deleteRule('restrict'),
    name: p.string().length(40),
    archivedAt: p.datetime().columnType('timestamptz').nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});

/**
 * The venues a staffer's role applies to. A door or manager account with rows here works at those
 * venues only; one with none (and every admin) works at all of them: a group manager.
 */
export const StaffVenue = defineEntity({
  name: 'StaffVenue',
  tableName: 'staff_venues',
  properties: {
    member: () => p.manyToOne(Member).primary().deleteRule('cascade'),
    venue: () => p.manyToOne(Venue).primary().deleteRule('cascade'),
    grantedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
