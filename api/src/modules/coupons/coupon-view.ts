import type { AdminCoupon, CouponDetails, UserCoupon } from '@nocturne/contracts';
import { isoTimestamp, isoTimestampOrNull } from '#common/timestamps.js';
import type { CouponTerms } from './claim-rules.js';
import type { CouponView } from './coupon-rows.js';
import type { UserCouponView } from './user-coupons.repository.js';
import type { QrTokenService } from './qr-token.service.js';
import { formatShortCode } from './short-code.js';

export function couponDetailsFromRow(row: CouponView): CouponDetails {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    description: row.description,
    type: row.type,
    value: row.value,
    pointsCost: row.points_cost,
    requiredTier: row.required_tier,
    maxUses: row.max_uses,
    perMemberLimit: row.per_member_limit,
    validUntil: isoTimestampOrNull(row.valid_until),
    isActive: row.is_active && row.archived_at === null,
  };
}

/** The admin view; `venueIds` (the coupon's chosen venues) is named only when there are some. */
export function adminCouponFromRow(row: CouponView, venueIds: readonly number[] = []): AdminCoupon {
  return {
    ...(venueIds.length > 0 ? { venueIds: [...venueIds] } : {}),
    ...couponDetailsFromRow(row),
    archivedAt: isoTimestampOrNull(row.archived_at),
    claimedCount: row.claimed_count,
    redeemedCount: row.redeemed_count,
    // Archiving keeps the counts, so a limit lowered below them (never allowed by update) cannot go negative here either.
    remaining: row.max_uses === null ? null : Math.max(0, row.max_uses - row.claimed_count),
    createdAt: isoTimestamp(row.created_at),
  };
}

export function termsFromRow(row: CouponView): CouponTerms {
  return {
    isActive: row.is_active,
    archivedAt: row.archived_at === null ? null : new Date(row.archived_at),
    validUntil: row.valid_until === null ? null : new Date(row.valid_until),
    requiredTier: row.required_tier,
    maxUses: row.max_uses,
    claimedCount: row.claimed_count,
    perMemberLimit: row.per_member_limit,
    pointsCost: row.points_cost,
  };
}

/** The member's view of a user coupon; its short code must be stored first (ShortCodeService.ensure). */
export function userCouponFromRow(row: UserCouponView & { short_code: string }, qr: QrTokenService): UserCoupon {
  return {
    id: row.id,
    couponId: row.coupon_id,
    claimedAt: isoTimestamp(row.claimed_at),
    redeemedAt: isoTimestampOrNull(row.redeemed_at),
    validatedAt: isoTimestampOrNull(row.validated_at),
    redeemedBy: row.redeemed_by,
    qrCode: qr.tokenFor(row.id),
    shortCode: formatShortCode(row.short_code),
    coupon: couponDetailsFromRow(row.coupon),
  };
}
