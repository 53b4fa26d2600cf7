/** Why a points-ledger row was written; each (member, kind, source) pays at most once. */
export const POINT_KINDS = ['welcome_bonus', 'comment_reward', 'coupon_claim', 'reversal', 'adjustment'] as const;
export type PointKind = (typeof POINT_KINDS)[number];
