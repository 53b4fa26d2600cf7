import { z } from 'zod';
import { SYNC_JOB_STATES } from './constants.js';
import { VenueRef } from './venues.js';

/** YYYY-MM-DD: a club night, named by its evening's date in venue time. */
const NightDate = z.iso.date({ message: 'must be a date (YYYY-MM-DD)' });

export const AdminOverviewQuery = z.object({
  /** The last night of the week shown; tonight (the current club night) when left out. Not after tonight. */
  night: NightDate.refine((night) => night >= '2000-01-01', { message: 'must be 2000-01-01 or later' }).optional(),
  /**
   * One venue's overview (slug or id; the staff switcher's choice): its nights in its own zone, its
   * redemptions, bookings and messages. Left out: the group's (every venue the staffer works at; a
   * staffer of one venue gets that venue's). Ignored in a group of one venue.
   */
  venue: VenueRef.optional(),
});
export type AdminOverviewQuery = z.infer<typeof AdminOverviewQuery>;

const count = z.number().int().min(0);

/** What happened during one club night (06:00 to 06:00 venue time). */
export const ClubNightFigures = z
  .object({
    night: NightDate,
    /** "Fri 28 Nov": the night's evening. */
    label: z.string(),
    start: z.iso.datetime(),
    end: z.iso.datetime(),
    /** Coupons redeemed at the door or by members. */
    redemptions: count,
    claims: count,
    /** Members who joined (accounts since deleted left out). */
    newMembers: count,
    /** Comments written, including any staff removed since. */
    comments: count,
    /** Points credited: welcome bonuses, comment rewards, positive adjustments. */
    pointsIssued: count,
    /** Points members spent on coupons. */
    pointsSpent: count,
    /** Points taken back otherwise: reversals, expiries, negative adjustments. */
    pointsWithdrawn: count,
  })
  .meta({ id: 'ClubNightFigures' });
export type ClubNightFigures = z.infer<typeof ClubNightFigures>;

export const QueueHealth = z.object({
  name: z.string(),
  waiting: count,
  active: count,
  delayed: count,
  failed: count,
});
export type QueueHealth = z.infer<typeof QueueHealth>;

/** Tonight at one venue, in its own zone: its club night and what happened there so far. */
export const VenueTonight = z
  .object({
    id: z.number().int(),
    name: z.string(),
    timeZone: z.string(),
    /** The venue's current club night (06:00 to 06:00 in its zone). */
    night: NightDate,
    label: z.string(),
    start: z.iso.datetime(),
    end: z.iso.datetime(),
    /** Members' cards checked at its door tonight (one a member). */
    visits: count,
    /** Coupons redeemed at its door tonight. */
    redemptions: count,
    /** Bookings for tonight, requested or confirmed. */
    bookings: count,
    /** Its booking requests not yet answered (any night). */
    pendingBookings: count,
    /** Its contact messages (spam left out) not yet handled. */
    unreadMessages: count,
  })
  .meta({ id: 'VenueTonight' });
export type VenueTonight = z.infer<typeof VenueTonight>;

export const AdminOverview = z
  .object({
    /** The zone the nights are counted in: the venue's own for one venue's overview, else VENUE_TZ. */
    timeZone: z.string(),
    /** The night the figures end with; `isTonight` when it is the current club night. */
    night: z.object({
      night: NightDate,
      label: z.string(),
      start: z.iso.datetime(),
      end: z.iso.datetime(),
      isTonight: z.boolean(),
    }),
    /** The 8 nights ending with `night`, oldest first (the last one is `night`'s figures). */
    nights: z.array(ClubNightFigures),
    /**
     * The venue these figures are of (a venue asked for, or a staffer's only venue), in a group of
     * several venues: its redemptions, bookings and messages; claims, new members, comments and
     * points stay the group's (they happen at no venue). Absent: the group's figures.
     */
    venue: z.object({ id: z.number().int(), name: z.string() }).optional(),
    /** In a group of several venues: tonight at each open venue the staffer works at, each in its own zone. */
    venues: z.array(VenueTonight).optional(),
    /** Figures of right now, whichever night is shown. */
    now: z.object({
      pendingBookings: count,
      /** Contact messages (spam left out) staff have not handled yet. */
      unreadMessages: count,
      /** The sum of every member's balance: what the venue owes in points. */
      pointsOutstanding: count,
      /** Domain events not yet moved to the queues (they wait while Redis is away). */
      outboxWaiting: count,
    }),
    queues: z.object({
      /** False when Redis did not answer: `queues` is then empty and `error` says why. */
      available: z.boolean(),
      error: z.string().nullable(),
      queues: z.array(QueueHealth),
      /** Where Bull Board answers (staff open it through openQueueDashboard, which hands out its pass). */
      dashboardPath: z.string(),
    }),
    activeCampaign: z.object({
      configured: z.boolean(),
      /** The last time a member was synced. */
      lastSyncAt: z.iso.datetime().nullable(),
      /** Members whose last sync ActiveCampaign refused. */
      failedContacts: count,
      /** Members never synced and not failed, counted up to AC_PENDING_COUNT_CAP. */
      pendingContacts: count,
      /** True when more than `pendingContacts` wait (the count stopped at its cap). */
      pendingCapped: z.boolean(),
      /** The most recent refusal, with when it happened. */
      lastError: z.object({ message: z.string(), at: z.iso.datetime() }).nullable(),
      /** The latest bulk sync. */
      lastJob: z
        .object({
          state: z.enum(SYNC_JOB_STATES),
          startedAt: z.iso.datetime(),
          finishedAt: z.iso.datetime().nullable(),
          total: count,
          synced: count,
          failed: count,
        })
        .nullable(),
    }),
  })
  .meta({ id: 'AdminOverview' });
export type AdminOverview = z.infer<typeof AdminOverview>;

/**
 * The queue dashboard's pass was handed out (as an HttpOnly cookie for its path): open `path`.
 * Admins get the full board, managers a read-only one.
 */
export const QueueDashboardPass = z
  .object({
    path: z.string(),
    readOnly: z.boolean(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'QueueDashboardPass' });
export type QueueDashboardPass = z.infer<typeof QueueDashboardPass>;
