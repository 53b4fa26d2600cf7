/** Why a points-ledger row was written; each (member, kind, source) pays at most once. */
/** `expiry`: unspent points taken back when POINTS_EXPIRE_AFTER_MONTHS is set (never out of total earned). */
export const POINT_KINDS = ['welcome_bonus', 'comment_reward', 'coupon_claim', 'reversal', 'adjustment', 'expiry'] as const;
export type PointKind = (typeof POINT_KINDS)[number];
