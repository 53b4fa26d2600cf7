import { meetsTier, type Tier, tierLabel } from '@nocturne/domain';

export interface CouponTerms {
  isActive: boolean;
  archivedAt: Date | null;
  validUntil: Date | null;
  requiredTier: Tier;
  maxUses: number | null;
  claimedCount: number;
  perMemberLimit: number;
  pointsCost: number;
}

export interface ClaimantState {
  tier: Tier;
  currentPoints: number;
  /** How many times this member has already claimed the coupon. */
  claims: number;
}

export interface ClaimRefusal {
  /** What kind of refusal (the exception filter picks the HTTP status). */
  kind: 'forbidden' | 'conflict';
  /** The claim answer's message, shown by the SPA as is. */
  message: string;
  /** The short reason beside a coupon that is listed but not claimable. */
  reason: string;
}

export const NO_LONGER_AVAILABLE = 'This coupon is no longer available';
/** Staff switched it off (isActive false); they may switch it on again, so not "no longer". */
export const PAUSED = 'This coupon has been paused by the venue and cannot be used right now';
export const EXPIRED = 'This coupon has expired';

/**
 * Whether a coupon can still be used at all (claimed, redeemed or validated) at `now`: the one
 * check the claim, the member's Redeem Now and both door scans (validate, redeem) share.
 */
export function couponUnusable(coupon: Pick<CouponTerms, 'isActive' | 'archivedAt' | 'validUntil'>, now: Date): string | null {
  if (coupon.archivedAt) return NO_LONGER_AVAILABLE;
  if (!coupon.isActive) return PAUSED;
  if (coupon.validUntil && coupon.validUntil.getTime() <= now.getTime()) return EXPIRED;
  return null;
}

const UNUSABLE_REASONS: Record<string, string> = { [EXPIRED]: 'Expired', [PAUSED]: 'Paused' };

/**
 * Why this member may not claim this coupon now, or null when they may. Checked in order, so the
 * answer names the first thing that stands in the way.
 */
export function claimRefusal(coupon: CouponTerms, member: ClaimantState, now: Date): ClaimRefusal | null {
  const unusable = couponUnusable(coupon, now);
  if (unusable) return { kind: 'conflict', message: unusable, reason: UNUSABLE_REASONS[unusable] ?? 'No longer available' };
  if (coupon.maxUses !== null && coupon.claimedCount >= coupon.maxUses) {
    return { kind: 'conflict', message: 'This coupon has been fully claimed', reason: 'Fully claimed' };
  }
  if (!meetsTier(member.tier, coupon.requiredTier)) {
    const tier = tierLabel(coupon.requiredTier);
    return { kind: 'forbidden', message: `This coupon requires ${tier} tier`, reason: `Requires ${tier} tier` };
  }
  if (member.claims >= coupon.perMemberLimit) {
    return { kind: 'conflict', message: 'You have already claimed this coupon', reason: 'Already claimed' };
  }
  if (member.currentPoints < coupon.pointsCost)
    return { kind: 'conflict', message: 'Not enough points', reason: 'Not enough points' };
  return null;
}
