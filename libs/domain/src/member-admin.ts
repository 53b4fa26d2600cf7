/** A staff points adjustment moves at most this many points either way (a typo guard, not a policy). */
export const POINTS_ADJUSTMENT_MAX = 10_000;
/** The reason staff give for an adjustment; the member reads it in their history. */
export const ADJUSTMENT_REASON_MAX = 200;
/** How the reason is shown on the member's ledger row. */
/** The history line of an adjustment; an addition says whether it counts toward the tier (security review L5). */
export const adjustmentDescription = (reason: string, added?: { countsTowardTier: boolean }) =>
  added === undefined
    ? `Staff adjustment: ${reason}`
    : `Staff adjustment: ${reason} (${added.countsTowardTier ? 'counts toward tier' : 'balance only, not toward tier'})`;

/**
 * Where a member's claimed coupon stands, as staff see it: redeemed; or still usable (claimed);
 * or unusable because the venue withdrew (archived) or paused the coupon, or it expired (the
 * api's claim rules decide which).
 */
export const USER_COUPON_STATES = ['claimed', 'redeemed', 'paused', 'expired', 'withdrawn'] as const;
export type UserCouponState = (typeof USER_COUPON_STATES)[number];
