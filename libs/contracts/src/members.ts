import {
  ADJUSTMENT_REASON_MAX,
  POINT_KINDS,
  POINTS_ADJUSTMENT_MAX,
  QR_SCAN_ACTIONS,
  QR_SCAN_METHODS,
  QR_SCAN_RESULTS,
  REDEEMED_BY,
  USER_COUPON_STATES,
} from '@nocturne/domain';
import { z } from 'zod';
import { User } from './auth.js';
import { MemberTier, requiredText, Uuid } from './common.js';
import { CouponType } from './coupons.js';
import { PointHistoryEntry } from './points.js';

/**
 * `GET /api/admin/users`: search by name or e-mail (any part of either), newest first, a page at a
 * time after the cursor of the previous page.
 */
export const AdminUsersQuery = z.object({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

export const AdminUser = User.extend({
  acSyncedAt: z.iso.datetime().nullable(),
  acSyncError: z.string().nullable(),
  /** Set while staff have disabled the account (no sign-in, no session). */
  disabledAt: z.iso.datetime().nullable(),
});
export type AdminUser = z.infer<typeof AdminUser>;

/** Matches are counted up to this many; past it the table says "10,000+" or "about 1,000,000" (an exact count of a million is no one's need there). */
export const ADMIN_USERS_COUNT_CAP = 10_000;

/** How `total` was reached: counted, counted up to the cap (there are more), or estimated. */
export const ADMIN_USERS_TOTAL_KINDS = ['exact', 'at_least', 'about'] as const;

export const AdminUsersResponse = z.object({
  users: z.array(AdminUser),
  /** How many members match: exact, at least this many (the count stopped at its cap), or about this many. */
  total: z.number().int(),
  totalIs: z.enum(ADMIN_USERS_TOTAL_KINDS),
  nextCursor: z.string().nullable(),
});
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

/** `GET /api/admin/stats`: the overview cards' real numbers. */
export const AdminStats = z.object({
  members: z.number().int(),
  admins: z.number().int(),
  newMembersThisWeek: z.number().int(),
  newsPosts: z.number().int(),
  activeCoupons: z.number().int(),
  couponsClaimed: z.number().int(),
  couponsRedeemed: z.number().int(),
  pendingBookings: z.number().int(),
  contactMessagesThisWeek: z.number().int(),
  outboxWaiting: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStats>;

/** An admin named on a record: who disabled an account, who adjusted points, who scanned. */
export const StaffName = z.object({ id: Uuid, name: z.string() });
export type StaffName = z.infer<typeof StaffName>;

/** `GET /api/admin/members/{id}?history=`: how many of the newest points-history rows to include. */
export const AdminMemberQuery = z.object({
  history: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1).max(1000).default(20),
});
export type AdminMemberQuery = z.infer<typeof AdminMemberQuery>;

export const AdminMemberHistoryEntry = PointHistoryEntry.extend({
  kind: z.enum(POINT_KINDS),
  /** The admin who made a staff adjustment; null for rows the product wrote. */
  recordedBy: StaffName.nullable(),
});
export type AdminMemberHistoryEntry = z.infer<typeof AdminMemberHistoryEntry>;

export const AdminMemberCoupon = z.object({
  /** The user coupon (the claim). */
  id: Uuid,
  couponId: Uuid,
  code: z.string(),
  title: z.string(),
  type: CouponType,
  value: z.number().int().nullable(),
  claimedAt: z.iso.datetime(),
  redeemedAt: z.iso.datetime().nullable(),
  redeemedBy: z.enum(REDEEMED_BY).nullable(),
  validatedAt: z.iso.datetime().nullable(),
  validUntil: z.iso.datetime().nullable(),
  /** claimed (still usable), redeemed, or unusable: paused, expired, withdrawn (archived by staff). */
  state: z.enum(USER_COUPON_STATES),
  /** When staff last undid a redemption of it (it went back to claimed), if ever. */
  redemptionUndoneAt: z.iso.datetime().nullable(),
});
export type AdminMemberCoupon = z.infer<typeof AdminMemberCoupon>;

/** A door scan of one of the member's coupons. */
export const AdminMemberScan = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  action: z.enum(QR_SCAN_ACTIONS),
  result: z.enum(QR_SCAN_RESULTS),
  method: z.enum(QR_SCAN_METHODS),
  reason: z.string(),
  couponCode: z.string().nullable(),
  staffName: z.string().nullable(),
});
export type AdminMemberScan = z.infer<typeof AdminMemberScan>;

export const AdminMemberView = z
  .object({
    member: AdminUser.extend({
      lastSignInAt: z.iso.datetime().nullable(),
      disabledBy: StaffName.nullable(),
    }),
    /** The newest `history` rows and how many there are in all. */
    pointsHistory: z.object({ entries: z.array(AdminMemberHistoryEntry), total: z.number().int() }),
    /** The newest 100 claims, and how many there are in all. */
    coupons: z.object({ entries: z.array(AdminMemberCoupon), total: z.number().int() }),
    /** The newest 20 door scans of the member's coupons. */
    scans: z.array(AdminMemberScan),
  })
  .meta({ id: 'AdminMemberView' });
export type AdminMemberView = z.infer<typeof AdminMemberView>;

/** `POST /api/admin/members/{id}/points-adjustments`: points added (positive) or taken (negative), and why. */
export const PointsAdjustmentRequest = z.object({
  points: z
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(-POINTS_ADJUSTMENT_MAX, `must be at least -${POINTS_ADJUSTMENT_MAX}`)
    .max(POINTS_ADJUSTMENT_MAX, `must be at most ${POINTS_ADJUSTMENT_MAX}`)
    .refine((points) => points !== 0, 'must not be zero'),
  reason: requiredText(ADJUSTMENT_REASON_MAX),
  /**
   * The adjuster's explicit choice for added points (security review L5): true, they count toward
   * total earned and so the tier; false, they raise the balance only. Taken points never change the tier.
   */
  countsTowardTier: z.boolean({ message: 'must be true or false: say whether added points count toward the tier' }),
});
export type PointsAdjustmentRequest = z.infer<typeof PointsAdjustmentRequest>;

export const PointsAdjustmentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  currentPoints: z.number().int(),
  totalPoints: z.number().int(),
  memberTier: MemberTier,
});
export type PointsAdjustmentResponse = z.infer<typeof PointsAdjustmentResponse>;
