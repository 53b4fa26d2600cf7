import { z } from 'zod';
import { MemberTier, requiredText, Uuid } from './common.js';
import { COUPON_TYPES, QR_SCAN_ACTIONS, QR_SCAN_METHODS, QR_SCAN_RESULTS, REDEEMED_BY } from './constants.js';

export const CouponType = z.enum(COUPON_TYPES, { message: `must be one of ${COUPON_TYPES.join(', ')}` });
export type CouponType = z.infer<typeof CouponType>;

const wholeNumber = (min: number, max: number) =>
  z
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** The fields of a coupon as the admin writes them; create adds defaults, update makes each optional. */
const couponFields = {
  code: requiredText(40, { multiline: false }).refine((code) => !/\s/.test(code), 'must not contain spaces'),
  title: requiredText(120, { multiline: false }),
  description: requiredText(1000),
  type: CouponType,
  value: wholeNumber(0, 1_000_000).nullable(),
  pointsCost: wholeNumber(0, 1_000_000),
  requiredTier: MemberTier,
  maxUses: wholeNumber(1, 1_000_000).nullable(),
  perMemberLimit: wholeNumber(1, 100),
  validUntil: z.iso
    .datetime({ offset: true, message: 'must be an ISO date-time such as 2026-12-31T19:00:00Z' })
    // A malformed value is reported once, by the format check above.
    .refine((instant) => Number.isNaN(Date.parse(instant)) || Date.parse(instant) > Date.now(), 'must be in the future')
    .transform((instant) => new Date(instant).toISOString())
    .nullable(),
  /** The venues whose doors redeem it; empty: the whole group's (every venue). */
  venueIds: z
    .array(z.number({ message: 'must be venue ids' }).int('must be venue ids').positive('must be venue ids'), {
      message: 'must be a list of venue ids',
    })
    .max(100, 'must name at most 100 venues'),
};

/**
 * What a coupon's value must be for its type, or null when it is fine: a percentage from 1 to 100,
 * a fixed amount of at least 1 dollar; free drinks and VIP upgrades take any value or none.
 * Create checks it on the request; update on the coupon as the change leaves it.
 */
export function couponValueProblem(type: CouponType, value: number | null): string | null {
  if (type === 'percentage' && (value === null || value < 1 || value > 100)) return 'must be a percentage from 1 to 100';
  if (type === 'fixed_amount' && (value === null || value < 1)) return 'must be an amount of at least 1 dollar';
  return null;
}

/**
 * The coupon form (PRODUCT.md §5): code, title and description required and trimmed; whole numbers >= 0;
 * empty value or maxUses is null (unlimited); validUntil an ISO instant or null. Defaults: type
 * percentage, points cost 0, required tier bronze, one claim per member.
 */
export const CreateCouponRequest = z
  .object({
    ...couponFields,
    type: couponFields.type.default('percentage'),
    value: couponFields.value.default(null),
    pointsCost: couponFields.pointsCost.default(0),
    requiredTier: couponFields.requiredTier.default('bronze'),
    maxUses: couponFields.maxUses.default(null),
    perMemberLimit: couponFields.perMemberLimit.default(1),
    validUntil: couponFields.validUntil.default(null),
    venueIds: couponFields.venueIds.default([]),
  })
  .superRefine((coupon, ctx) => {
    const problem = couponValueProblem(coupon.type, coupon.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
  });
export type CreateCouponRequest = z.infer<typeof CreateCouponRequest>;

/**
 * PATCH /api/admin/coupons/{id}: any of the coupon's fields, by the rules of create, and isActive
 * (an inactive coupon is not offered, claimed or redeemed). Fields left out keep their value.
 * The value is checked against the type here when both are sent; the server also checks the
 * coupon as the change leaves it, and that maxUses is not below the claims already made.
 */
export const UpdateCouponRequest = z
  .object(couponFields)
  .partial()
  .extend({ isActive: z.boolean({ message: 'must be true or false' }).optional() })
  .superRefine((change, ctx) => {
    if (Object.values(change).every((value) => value === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: 'must change at least one field' });
      return;
    }
    if (change.type === undefined || change.value === undefined) return;
    const problem = couponValueProblem(change.type, change.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
  });
export type UpdateCouponRequest = z.infer<typeof UpdateCouponRequest>;

/** What members see of a coupon (also embedded in each of their user coupons). */
export const CouponDetails = z
  .object({
    id: Uuid,
    code: z.string(),
    title: z.string(),
    description: z.string(),
    type: CouponType,
    value: z.number().int().nullable(),
    pointsCost: z.number().int(),
    requiredTier: MemberTier,
    maxUses: z.number().int().nullable(),
    perMemberLimit: z.number().int(),
    validUntil: z.iso.datetime().nullable(),
    isActive: z.boolean(),
    /** Present for a coupon of chosen venues only: their names ("Only at The Velvet Room"). Absent: every venue. */
    venues: z.array(z.string()).optional(),
  })
  .meta({ id: 'CouponDetails' });
export type CouponDetails = z.infer<typeof CouponDetails>;

/** The admin view: also archival and how many claims and redemptions it has had, and how many claims are left. */
export const AdminCoupon = CouponDetails.extend({
  archivedAt: z.iso.datetime().nullable(),
  claimedCount: z.number().int(),
  redeemedCount: z.number().int(),
  /** maxUses minus claimedCount (never below 0); null when unlimited. */
  remaining: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  /** Present for a coupon of chosen venues only; absent: the whole group's. */
  venueIds: z.array(z.number().int()).optional(),
}).meta({ id: 'AdminCoupon' });
export type AdminCoupon = z.infer<typeof AdminCoupon>;

export const AdminCouponListQuery = z.object({
  includeArchived: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});

/** A coupon in the member's available list, saying whether this member can claim it now and why not. */
export const AvailableCoupon = CouponDetails.extend({
  claimable: z.boolean(),
  /** Present when not claimable, e.g. "Requires Gold tier". */
  reason: z.string().optional(),
}).meta({ id: 'AvailableCoupon' });
export type AvailableCoupon = z.infer<typeof AvailableCoupon>;

export const UserCoupon = z
  .object({
    id: Uuid,
    couponId: Uuid,
    claimedAt: z.iso.datetime(),
    redeemedAt: z.iso.datetime().nullable(),
    validatedAt: z.iso.datetime().nullable(),
    redeemedBy: z.enum(REDEEMED_BY).nullable(),
    /** The QR token: render QrPayload `{userCouponId: id, token: qrCode}` as JSON. */
    qrCode: z.string(),
    /**
     * What staff type when the QR cannot be scanned: 11 Crockford base32 characters in groups of
     * 4-4-3, e.g. `K7QM-3XPD-2A9`. Show it under the QR exactly as given.
     */
    shortCode: z
      .string()
      .regex(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{3}$/)
      .meta({ example: 'K7QM-3XPD-2A9' }),
    coupon: CouponDetails,
  })
  .meta({ id: 'UserCoupon' });
export type UserCoupon = z.infer<typeof UserCoupon>;

/** Most user coupons one page of My Coupons holds; a larger `limit` is refused (400), not clamped. */
export const MY_COUPONS_PAGE_MAX = 100;

/**
 * `GET /api/coupons/my?limit=&cursor=`: `limit` 1..100 (default 50); pass `nextCursor` back as
 * `cursor` for the next page. A member may have claimed thousands: no answer carries them all.
 */
export const MyCouponsQuery = z.object({
  limit: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, `must be between 1 and ${MY_COUPONS_PAGE_MAX}`)
    .max(MY_COUPONS_PAGE_MAX, `must be between 1 and ${MY_COUPONS_PAGE_MAX}`)
    .default(50),
  cursor: z.string().max(200).optional(),
});
export type MyCouponsQuery = z.infer<typeof MyCouponsQuery>;

/** Held coupons (not redeemed) first, then redeemed ones; each part newest claim first. */
export const MyCouponsPage = z
  .object({
    coupons: z.array(UserCoupon),
    /** Null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'MyCouponsPage' });
export type MyCouponsPage = z.infer<typeof MyCouponsPage>;

export const UserCouponParams = z.object({ userCouponId: Uuid });

/** The JSON text a member's QR code holds (PRODUCT.md §3); door mode's check reads it with this. */
export const QrPayload = z.object({
  userCouponId: Uuid,
  token: z.string().min(1, 'must not be empty').max(200),
});
export type QrPayload = z.infer<typeof QrPayload>;

export const QrScanEntry = z
  .object({
    id: z.string(),
    at: z.iso.datetime(),
    adminId: Uuid.nullable(),
    adminName: z.string().nullable(),
    /** The venue whose door it was; present when the group has more than one venue. */
    venueId: z.number().int().optional(),
    userCouponId: Uuid.nullable(),
    /** The scanned user coupon id, or the short code as typed. */
    scannedId: z.string(),
    /** How the text reached the door: read by a camera or scanner (qr), or typed by staff (code). */
    method: z.enum(QR_SCAN_METHODS),
    action: z.enum(QR_SCAN_ACTIONS),
    result: z.enum(QR_SCAN_RESULTS),
    reason: z.string(),
    couponCode: z.string().nullable(),
    memberName: z.string().nullable(),
    /** Set on the accepted redeem that still stands while staff may undo it; null otherwise. */
    undoableUntil: z.iso.datetime().nullable(),
    /** The named door the attempt was made at; absent when the phone named none. */
    door: z.string().optional(),
  })
  .meta({ id: 'QrScanEntry' });
export type QrScanEntry = z.infer<typeof QrScanEntry>;

export const ScanLogQuery = z.object({
  limit: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1).max(200).default(50),
  /** The nextCursor of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'must be a cursor from a previous page')
    .optional(),
  /** One venue's lines (one the staffer works at); none: every venue the staffer works at. */
  venueId: z.coerce
    .number({ message: 'must be a venue id' })
    .int('must be a venue id')
    .positive('must be a venue id')
    .max(2_147_483_647, 'must be a venue id')
    .optional(),
});

export const ScanLogPage = z
  .object({ scans: z.array(QrScanEntry), nextCursor: z.string().nullable() })
  .meta({ id: 'ScanLogPage' });
export type ScanLogPage = z.infer<typeof ScanLogPage>;

export const RedemptionParams = z.object({ userCouponId: Uuid });

export const UndoRedemptionResponse = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'UndoRedemptionResponse' });
export type UndoRedemptionResponse = z.infer<typeof UndoRedemptionResponse>;
