import { DOOR_DATA_STALE_MINUTES_MAX, DOOR_SYNC_BATCH_MAX, DOOR_SYNC_KINDS, DOOR_SYNC_OUTCOMES } from '@nocturne/domain';
import { z } from 'zod';
import { MemberTier, Uuid } from './common.js';
import { CouponType } from './coupons.js';
import { DoorCheckRequest, DoorVenueId } from './door.js';

/**
 * Ask for what changed since the `version` of an earlier answer (the device's cursor); without
 * it, or with one from another night or too old to follow, the whole night's data comes.
 */
export const DoorDataQuery = z
  .object({
    since: z.string().trim().max(40, 'must be at most 40 characters').optional(),
    /** The venue whose door this is, as for a check (none: the account's only venue, else the first). */
    venueId: z.coerce.number({ message: 'must be a venue id' }).pipe(DoorVenueId).optional(),
  })
  .meta({ id: 'DoorDataQuery' });
export type DoorDataQuery = z.infer<typeof DoorDataQuery>;

/** A salted hash of a code (SHA-256 of `salt:value`, base64url, the first 11 characters); '' when there is none. */
const CodeHash = z.string().max(16);

/**
 * A coupon members hold: `[key, title, type, value, validUntil (epoch seconds) or null, state,
 * onlyAt]`; `onlyAt`, present for a coupon of other venues only, is what the door says of it here
 * ("Only at The Velvet Room").
 */
export const DoorDataCoupon = z.tuple([
  z.string(),
  z.string(),
  CouponType,
  z.number().int().nullable(),
  z.number().int().nullable(),
  z.enum(['active', 'paused', 'withdrawn']),
  z.string().optional(),
]);
export type DoorDataCoupon = z.infer<typeof DoorDataCoupon>;

/**
 * A claimed coupon: `[short code hash, QR token hash, coupon key, redeemedAt (epoch seconds) or
 * null, who redeemed it: a staffer's first name, '' for the member in the app, null while held]`.
 */
export const DoorDataHeld = z.tuple([CodeHash, CodeHash, z.string(), z.number().int().nullable(), z.string().nullable()]);
export type DoorDataHeld = z.infer<typeof DoorDataHeld>;

/**
 * A member the door may meet tonight: `[key, first name, tier, active, visited tonight, card short
 * code hash, card QR token hash, held coupons]`. A disabled or deleted member is sent with no
 * coupons: every code of theirs is refused. In an incremental answer a member replaces the
 * device's whole entry under the same key.
 */
export const DoorDataMember = z.tuple([
  z.string(),
  z.string(),
  MemberTier,
  z.boolean(),
  z.boolean(),
  CodeHash,
  CodeHash,
  z.array(DoorDataHeld),
]);
export type DoorDataMember = z.infer<typeof DoorDataMember>;

/**
 * Tonight's door data for the signed-in door account: what a verdict needs and nothing more, with
 * codes as hashes under a salt of this night and account (useless after the night). `full` says
 * whether it replaces what the device holds or updates it.
 */
export const DoorData = z
  .object({
    night: z.iso.date(),
    /** The cursor to send back as `since`. */
    version: z.string(),
    full: z.boolean(),
    /** When this answer was read (the device's "data from 23:38"). */
    takenAt: z.iso.datetime(),
    salt: z.string(),
    timeZone: z.string(),
    /** Older data than this says so on every verdict (a manager's setting). */
    staleAfterMinutes: z.number().int().min(1).max(DOOR_DATA_STALE_MINUTES_MAX),
    /** Every coupon the members listed hold (all of them, in full and incremental answers). */
    coupons: z.array(DoorDataCoupon),
    members: z.array(DoorDataMember),
  })
  .meta({ id: 'DoorData' });
export type DoorData = z.infer<typeof DoorData>;

/** One thing a door did offline, queued with an id the device made and the device's clock. */
export const DoorSyncItemRequest = z.object({
  id: Uuid,
  kind: z.enum(DOOR_SYNC_KINDS, { message: 'must be redeem or visit' }),
  /** When the door decided it, by the device's clock. */
  at: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' }),
  /** What was scanned or typed, as the door read it (the same text /api/door/check takes). */
  text: DoorCheckRequest.shape.text,
  method: DoorCheckRequest.shape.method,
  /** For a redemption from a member card: the chosen coupon's short code hash from tonight's data. */
  couponHash: CodeHash.optional(),
});
export type DoorSyncItemRequest = z.infer<typeof DoorSyncItemRequest>;

export const DoorSyncRequest = z
  .object({
    items: z
      .array(DoorSyncItemRequest)
      .min(1, 'must hold at least one item')
      .max(DOOR_SYNC_BATCH_MAX, `must hold at most ${DOOR_SYNC_BATCH_MAX} items`),
    /** The venue whose door this is, as for a check (none: the account's only venue, else the first). */
    venueId: DoorVenueId.optional(),
  })
  .meta({ id: 'DoorSyncRequest' });
export type DoorSyncRequest = z.infer<typeof DoorSyncRequest>;

/** What became of one item: the same answer however often the batch is sent. */
export const DoorSyncResult = z.object({
  id: Uuid,
  outcome: z.enum(DOOR_SYNC_OUTCOMES),
  /** "Redeemed: Free drink for Jordan", "Used twice: 23:41 Main door (Sam), 23:43 VIP (Alex)", "Member account disabled". */
  message: z.string(),
  userCouponId: Uuid.nullable(),
});
export type DoorSyncResult = z.infer<typeof DoorSyncResult>;

export const DoorSyncResponse = z.object({ results: z.array(DoorSyncResult) }).meta({ id: 'DoorSyncResponse' });
export type DoorSyncResponse = z.infer<typeof DoorSyncResponse>;

/** A conflict of tonight: a coupon used twice, or an offline door's scan of a member disabled since. */
/** `?venueId=`: one venue's conflicts (none: every venue the staffer works at, each in its own night). */
export const DoorConflictsQuery = z
  .object({ venueId: z.coerce.number({ message: 'must be a venue id' }).pipe(DoorVenueId).optional() })
  .meta({ id: 'DoorConflictsQuery' });
export type DoorConflictsQuery = z.infer<typeof DoorConflictsQuery>;

export const DoorConflict = z.object({
  id: Uuid,
  at: z.iso.datetime(),
  message: z.string(),
  firstName: z.string().nullable(),
  userCouponId: Uuid.nullable(),
});
export type DoorConflict = z.infer<typeof DoorConflict>;

export const DoorConflicts = z.object({ night: z.iso.date(), items: z.array(DoorConflict) }).meta({ id: 'DoorConflicts' });
export type DoorConflicts = z.infer<typeof DoorConflicts>;

/** One named door's night: coupons redeemed there (undone ones too) and members whose card it let in. */
export const DoorTally = z.object({
  id: Uuid,
  name: z.string(),
  venueId: z.number().int(),
  venueName: z.string(),
  redemptions: z.number().int(),
  cards: z.number().int(),
});
export type DoorTally = z.infer<typeof DoorTally>;

/** Tonight at every named door (each venue's own night), and how many conflicts offline doors met tonight. */
export const DoorsTonight = z.object({ doors: z.array(DoorTally), conflicts: z.number().int() }).meta({ id: 'DoorsTonight' });
export type DoorsTonight = z.infer<typeof DoorsTonight>;
