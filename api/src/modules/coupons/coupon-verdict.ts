import type { DoorRefusal } from '@nocturne/contracts';
import {
  alreadyUsedMessage,
  DOOR_MEMBER_DISABLED,
  DOOR_PAUSED,
  DOOR_WITHDRAWN,
  expiredMessage,
  type RedeemedByName,
} from '@nocturne/domain';
import { couponUnusable } from './claim-rules.js';
import { termsFromRow } from './coupon-view.js';
import type { UserCouponView } from './user-coupons.repository.js';

/** Why a coupon shown at the door cannot be used (the words are the verdict's message). */
export type CouponRefusal = Extract<
  DoorRefusal,
  'member_disabled' | 'already_used' | 'expired' | 'paused' | 'withdrawn' | 'other_venue'
>;

/**
 * Whether staff may redeem a member's coupon now, and if not, why in the words door mode shows
 * (PRODUCT.md §8): the holder's account first (a disabled or deleted member's coupons are refused,
 * whatever their state), then a redemption that already stands, then the coupon's own state in
 * the claim rules' order. Null when it may be redeemed.
 */
export function couponRefusal(
  row: UserCouponView,
  now: Date,
  timeZone: string,
): { refusal: CouponRefusal; message: string } | null {
  if (row.disabled_at !== null || row.deleted_at !== null) return { refusal: 'member_disabled', message: DOOR_MEMBER_DISABLED };
  if (row.redeemed_at !== null) {
    const by: RedeemedByName =
      row.redeemed_by === 'member' ? { by: 'member' } : { by: 'staff', firstName: row.validated_by_name };
    return { refusal: 'already_used', message: alreadyUsedMessage(new Date(row.redeemed_at), by, now, timeZone) };
  }
  const terms = termsFromRow(row.coupon);
  switch (couponUnusable(terms, now)) {
    case 'withdrawn':
      return { refusal: 'withdrawn', message: DOOR_WITHDRAWN };
    case 'paused':
      return { refusal: 'paused', message: DOOR_PAUSED };
    case 'expired':
      return { refusal: 'expired', message: expiredMessage(terms.validUntil!, now, timeZone) };
    case null:
      return null;
  }
}
