import { EVENT_STATUSES, MAX_PLUS_ONES, WALL_TIME_PATTERN } from '@nocturne/domain';
import { z } from 'zod';
import { Email, MemberTier, requiredText, Uuid } from './common.js';
import { FeaturedImagePath } from './news.js';

const IsoDate = z.iso.date({ message: 'must be a date (YYYY-MM-DD)' });
const WallTime = z.string({ message: 'is required' }).regex(WALL_TIME_PATTERN, 'must be a time such as 22:00');
/** A venue id: the door's (as for a check: see DoorVenueId), or the one staff read or set. */
const GuestListDoorVenue = z
  .number({ message: 'must be a venue id' })
  .int('must be a venue id')
  .positive('must be a venue id')
  .max(2_147_483_647, 'must be a venue id');

const Cents = z.number({ message: 'must be a number of cents' }).int('must be whole cents').min(0, 'must not be negative');

export const EventStatus = z.enum(EVENT_STATUSES, { message: 'must be draft or published' });

/** The guest list's terms for each of the event's nights; null: the event has no guest list. */
const GuestListTerms = z.object({
  /** Places on each night's list, plus-ones included. */
  capacity: z.number({ message: 'must be a number of places' }).int().min(1, 'must be at least 1').max(5000),
  /** Free entry until then (venue time); null: the list gets no free entry. */
  freeUntil: WallTime.nullable(),
  /** Sign-ups close then on the night (venue time); null: at last entry. */
  cutoff: WallTime.nullable(),
});

export const SaveEventRequest = z
  .object({
    /** The venue (default: the first, in a single-venue install the only one). */
    venueId: z.number().int().positive().optional(),
    title: requiredText(120, { multiline: false }),
    description: z.string().trim().max(5000, 'must be at most 5000 characters').default(''),
    /** Performer names in billing order. */
    lineUp: z
      .array(requiredText(80, { multiline: false }), { message: 'must be a list of names' })
      .max(30, 'must name at most 30 performers')
      .default([]),
    /** The night's date: the evening it begins (a night's 03:00 is the next morning). */
    night: IsoDate,
    doorsOpen: WallTime,
    lastEntry: WallTime,
    repeatsWeekly: z.boolean().default(false),
    /** A weekly event's last night; null: until changed. */
    repeatUntil: IsoDate.nullable().default(null),
    agePolicy: requiredText(80, { multiline: false }).default('18+'),
    /** Entry at the door in cents of `currency`; 0 is free. */
    priceCents: Cents,
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as AUD')
      .default('AUD'),
    dressCode: z.string().trim().max(200, 'must be at most 200 characters').default(''),
    capacity: z.number().int().min(1, 'must be at least 1').max(100_000).nullable().default(null),
    posterPath: FeaturedImagePath,
    status: EventStatus.default('draft'),
    guestList: GuestListTerms.nullable().default(null),
  })
  .meta({ id: 'SaveEventRequest' });
export type SaveEventRequest = z.input<typeof SaveEventRequest>;
export type SaveEventInput = z.output<typeof SaveEventRequest>;

const EventFields = {
  id: Uuid,
  venueId: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  lineUp: z.array(z.string()),
  night: z.iso.date(),
  doorsOpen: z.string(),
  lastEntry: z.string(),
  repeatsWeekly: z.boolean(),
  repeatUntil: z.iso.date().nullable(),
  agePolicy: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  /** "$25", "Free". */
  priceText: z.string(),
  dressCode: z.string(),
  capacity: z.number().int().nullable(),
  /** Where the poster is served (/media/...), or null. */
  posterUrl: z.string().nullable(),
  guestList: GuestListTerms.nullable(),
};

/** An event as staff see and edit it. */
export const EventView = z
  .object({
    ...EventFields,
    posterPath: z.string().nullable(),
    status: EventStatus,
    announcementPostId: Uuid.nullable(),
    /** Its coming nights (at most eight). */
    nextNights: z.array(z.iso.date()),
  })
  .meta({ id: 'EventView' });
export type EventView = z.infer<typeof EventView>;

/** One page of the staff list, the latest night first; `nextCursor` is null on the last one. */
export const EventsResponse = z
  .object({ events: z.array(EventView), nextCursor: z.string().nullable() })
  .meta({ id: 'EventsResponse' });
export type EventsResponse = z.infer<typeof EventsResponse>;

/** One coming night of a published event, as the public What's on lists it. */
export const EventNight = z
  .object({
    ...EventFields,
    venueName: z.string(),
    /** The night's doors and last entry as instants with the venue's offset: `2026-12-05T22:00:00+11:00`. */
    startsAt: z.string(),
    endsAt: z.string(),
    /** "Sat 5 Dec 2026". */
    nightLabel: z.string(),
    /** The page: /whats-on/{slug}?night=... for a weekly event's later nights. */
    url: z.string(),
  })
  .meta({ id: 'EventNight' });
export type EventNight = z.infer<typeof EventNight>;

export const WhatsOnResponse = z.object({ nights: z.array(EventNight) }).meta({ id: 'WhatsOnResponse' });
export type WhatsOnResponse = z.infer<typeof WhatsOnResponse>;

export const EventKeyParams = z.object({
  key: z
    .string()
    .min(1)
    .max(80)
    .regex(/^[a-z0-9-]+$/, 'must be an event slug or id'),
});
export const EventNightParams = z.object({ id: Uuid, night: IsoDate });

/** `?venue=`: one venue's events (its slug or id); none: the whole group's. */
export const EventsVenueQuery = z.object({
  venue: z
    .string()
    .trim()
    .min(1, 'must be a venue slug or id')
    .max(80, 'must be a venue slug or id')
    .regex(/^[a-z0-9-]+$/, 'must be a venue slug or id')
    .optional(),
});

/**
 * The staff list a page at a time, by (night, id), the latest night first: pass the previous page's
 * `nextCursor` back as `cursor` (an empty one is the first page). `limit` 1..100, default 50.
 */
export const AdminEventsQuery = EventsVenueQuery.extend({
  limit: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 100')
    .max(100, 'must be between 1 and 100')
    .default(50),
  cursor: z.string().max(200).optional(),
});
export type AdminEventsQuery = z.infer<typeof AdminEventsQuery>;
export const EventNightQuery = z.object({ night: IsoDate.optional() });

export const AnnounceEventResponse = z.object({ postId: Uuid }).meta({ id: 'AnnounceEventResponse' });
export type AnnounceEventResponse = z.infer<typeof AnnounceEventResponse>;

// The guest list.

export const JoinGuestListRequest = z
  .object({
    plusOnes: z
      .number({ message: 'must be a number' })
      .int()
      .min(0, 'must not be negative')
      .max(MAX_PLUS_ONES, `must be at most ${MAX_PLUS_ONES}`)
      .default(0),
  })
  .meta({ id: 'JoinGuestListRequest' });
export type JoinGuestListRequest = z.input<typeof JoinGuestListRequest>;

/** A member's place on a night's list. */
export const MyGuestListEntry = z
  .object({
    id: Uuid,
    eventId: Uuid,
    night: z.iso.date(),
    title: z.string(),
    slug: z.string(),
    nightLabel: z.string(),
    doorsOpen: z.string(),
    plusOnes: z.number().int(),
    freeUntil: z.string().nullable(),
    /** "On the list +1, free entry until 23:30". */
    summary: z.string(),
  })
  .meta({ id: 'MyGuestListEntry' });
export type MyGuestListEntry = z.infer<typeof MyGuestListEntry>;

/** A coming night whose list the member may join. */
export const OpenGuestList = z.object({
  eventId: Uuid,
  night: z.iso.date(),
  title: z.string(),
  slug: z.string(),
  nightLabel: z.string(),
  doorsOpen: z.string(),
  freeUntil: z.string().nullable(),
  placesLeft: z.number().int(),
  /** Sign-ups close then (an instant). */
  closesAt: z.iso.datetime(),
  /** The night's venue, in a group of several venues; null in a group of one. */
  venueName: z.string().nullable(),
  /** The no-show rule of the night's venue in words; null: it has none. */
  noShowRule: z.string().nullable(),
  /** The member's sign-ups at the night's venue are paused until then (its no-show rule); null: they are not. */
  pausedUntil: z.iso.datetime().nullable(),
});

/** The members area's guest-list card. */
export const MyGuestLists = z
  .object({
    tier: MemberTier,
    /** Plus-ones the member's tier brings. */
    plusOnesAllowed: z.number().int(),
    entries: z.array(MyGuestListEntry),
    open: z.array(OpenGuestList),
    /**
     * The no-show rule in words, shown before signing up, of the venue every night on offer is at
     * (in a group of one venue, always its rule); null: none, or nights at several venues (each
     * night then carries its venue's).
     */
    noShowRule: z.string().nullable(),
    /** Sign-ups are paused until then at that venue (its no-show rule); null: they are not, or no one venue. */
    pausedUntil: z.iso.datetime().nullable(),
  })
  .meta({ id: 'MyGuestLists' });
export type MyGuestLists = z.infer<typeof MyGuestLists>;

/** A name on a night's list as staff see it. */
export const GuestListEntryView = z
  .object({
    id: Uuid,
    name: z.string(),
    /** Null for a member (staff see members by name and tier). */
    email: z.string().nullable(),
    member: z.boolean(),
    tier: MemberTier.nullable(),
    plusOnes: z.number().int(),
    arrivedCount: z.number().int().nullable(),
    arrivedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'GuestListEntryView' });
export type GuestListEntryView = z.infer<typeof GuestListEntryView>;

export const GuestListCounts = z.object({
  /** Names on the list. */
  entries: z.number().int(),
  /** People the list holds, plus-ones included. */
  places: z.number().int(),
  capacity: z.number().int(),
  /** People let in from the list. */
  arrived: z.number().int(),
  /** Entries not let in once the night is over, as a percentage of entries (null: the night is not over). */
  noShowPercent: z.number().int().nullable(),
  /** "List 120, in 84, no-show 30%". */
  summary: z.string(),
});

export const GuestListView = z
  .object({
    eventId: Uuid,
    night: z.iso.date(),
    title: z.string(),
    closed: z.boolean(),
    counts: GuestListCounts,
    entries: z.array(GuestListEntryView),
  })
  .meta({ id: 'GuestListView' });
export type GuestListView = z.infer<typeof GuestListView>;

export const AddGuestRequest = z
  .object({
    name: requiredText(80, { multiline: false }),
    email: Email,
    plusOnes: z.number().int().min(0).max(MAX_PLUS_ONES).default(0),
  })
  .meta({ id: 'AddGuestRequest' });
export type AddGuestRequest = z.input<typeof AddGuestRequest>;

export const NoShowRuleView = z
  .object({
    rule: z
      .object({
        noShows: z.number().int().min(1).max(10),
        withinDays: z.number().int().min(1).max(365),
        pauseDays: z.number().int().min(1).max(365),
      })
      .nullable(),
    /** The rule in the words members read; null: no rule. */
    words: z.string().nullable(),
  })
  .meta({ id: 'NoShowRuleView' });
export type NoShowRuleView = z.infer<typeof NoShowRuleView>;

/** `?venueId=`: the venue whose rule it is (default: the account's only venue, else the first). */
export const NoShowRuleQuery = z.object({
  venueId: z.coerce.number({ message: 'must be a venue id' }).pipe(GuestListDoorVenue).optional(),
});

export const SaveNoShowRuleRequest = NoShowRuleView.pick({ rule: true })
  .extend({ venueId: GuestListDoorVenue.optional() })
  .meta({ id: 'SaveNoShowRuleRequest' });
export type SaveNoShowRuleRequest = z.infer<typeof SaveNoShowRuleRequest>;

// At the door.

/** The guest-list part of a card's door check, on a night the member is on a list. */
export const DoorGuestList = z
  .object({
    entryId: Uuid,
    title: z.string(),
    plusOnes: z.number().int(),
    /** "On the guest list +2 (free until 23:30)", "On the list: free entry ended 23:30". */
    message: z.string(),
    freeEntry: z.boolean(),
    /** How many of the party were let in (null: not yet marked). */
    arrivedCount: z.number().int().nullable(),
  })
  .meta({ id: 'DoorGuestList' });
export type DoorGuestList = z.infer<typeof DoorGuestList>;

export const DoorGuestListQuery = z.object({
  q: requiredText(80, { multiline: false }).pipe(z.string().min(2, 'must be at least 2 characters')),
  venueId: z.coerce.number({ message: 'must be a venue id' }).pipe(GuestListDoorVenue).optional(),
});

export const DoorGuestListMatches = z
  .object({
    entries: z.array(GuestListEntryView.extend({ title: z.string(), message: z.string() })),
  })
  .meta({ id: 'DoorGuestListMatches' });
export type DoorGuestListMatches = z.infer<typeof DoorGuestListMatches>;

export const MarkArrivedRequest = z
  .object({
    count: z
      .number({ message: 'must be a number' })
      .int()
      .min(0, 'must not be negative')
      .max(MAX_PLUS_ONES + 1),
    /** The door's venue (as for a check): the entry must be on its list tonight. */
    venueId: GuestListDoorVenue.optional(),
  })
  .meta({ id: 'MarkArrivedRequest' });
export type MarkArrivedRequest = z.infer<typeof MarkArrivedRequest>;

export const MarkArrivedResponse = z
  .object({
    /** "3 in: Jordan's party". */
    message: z.string(),
    arrivedCount: z.number().int(),
  })
  .meta({ id: 'MarkArrivedResponse' });
export type MarkArrivedResponse = z.infer<typeof MarkArrivedResponse>;

/** `?venueId=` for tonight's guest lists on the overview (default as for a door: the account's only venue, else the first). */
export const GuestListNightsQuery = z.object({
  venueId: z.coerce.number({ message: 'must be a venue id' }).pipe(GuestListDoorVenue).optional(),
});

/** The guest lists of one club night at a venue, added up: "List 120, in 84, no-show 30%". */
const GuestListNightTotals = z.object({
  night: z.iso.date(),
  /** Names on the night's lists. */
  entries: z.number().int(),
  /** People the lists hold, plus-ones included. */
  places: z.number().int(),
  /** People let in from the lists. */
  arrived: z.number().int(),
  /** Entries nobody let in, as a percentage of entries (null: the night is not over, or no entries). */
  noShowPercent: z.number().int().nullable(),
  summary: z.string(),
});

/** The overview's guest-list line: tonight's lists at the venue, and last night's no-shows (null: no list that night). */
export const GuestListNights = z
  .object({
    venueId: z.number().int(),
    tonight: GuestListNightTotals.nullable(),
    lastNight: GuestListNightTotals.nullable(),
  })
  .meta({ id: 'GuestListNights' });
export type GuestListNights = z.infer<typeof GuestListNights>;
