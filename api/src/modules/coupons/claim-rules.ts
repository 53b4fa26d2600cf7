import { CLAIM_REFUSALS, meetsTier, type Tier, tierRefusalWords } from '@nocturne/domain';

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

/**
 * Whether a coupon can still be used at all (claimed, redeemed or validated) at `now`: the one
 * check the claim, the member's Redeem Now and both door scans (validate, redeem) share.
 */
export function couponUnusable(coupon: Pick<CouponTerms, 'isActive' | 'archivedAt' | 'validUntil'>, now: Date): string | null {
  if (coupon.archivedAt) return CLAIM_REFUSALS.withdrawn.message;
  if (!coupon.isActive) return CLAIM_REFUSALS.paused.message;
  if (coupon.validUntil && coupon.validUntil.getTime() <= now.getTime()) return CLAIM_REFUSALS.expired.message;
  return null;
}

/**
 * Why this member may not claim this coupon now, or null when they may. Checked in order, so the
 * answer names the first thing that stands in the way.
 */
export function claimRefusal(coupon: CouponTerms, member: ClaimantState, now: Date): ClaimRefusal | null {
  const conflict = (words: { message: string; reason: string }): ClaimRefusal => ({ kind: 'conflict', ...words });
  if (coupon.archivedAt) return conflict(CLAIM_REFUSALS.withdrawn);
  if (!coupon.isActive) return conflict(CLAIM_REFUSALS.paused);
  if (coupon.validUntil && coupon.validUntil.getTime() <= now.getTime()) return conflict(CLAIM_REFUSALS.expired);
  if (coupon.maxUses !== null && coupon.claimedCount >= coupon.maxUses) return conflict(CLAIM_REFUSALS.fully_claimed);
  if (!meetsTier(member.tier, coupon.requiredTier)) return { kind: 'forbidden', ...tierRefusalWords(coupon.requiredTier) };
  if (member.claims >= coupon.perMemberLimit) return conflict(CLAIM_REFUSALS.already_claimed);
  if (member.currentPoints < coupon.pointsCost) return conflict(CLAIM_REFUSALS.points);
  return null;
}
