/** Why a points-ledger row was written; each (member, kind, source) pays at most once. */
/**
 * `expiry`: unspent points taken back when POINTS_EXPIRE_AFTER_MONTHS is set (never out of total earned).
 * `visit`: a member's card scanned at the door, paid once per club night (POINTS_PER_VISIT).
 * `balance_adjustment`: points staff added to the balance only, never to total earned (the tier).
 * `referral`: a referral's first visit pays the member who invited and the member invited, once each
 *   (the source is the referral).
 */
export const POINT_KINDS = [
  'welcome_bonus',
  'comment_reward',
  'coupon_claim',
  'reversal',
  'adjustment',
  'expiry',
  'visit',
  'balance_adjustment',
  'referral',
] as const;
export type PointKind = (typeof POINT_KINDS)[number];
