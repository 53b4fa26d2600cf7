/** What a coupon gives: its `value` is a percentage, an amount in dollars, or unused. */
export const COUPON_TYPES = ['percentage', 'fixed_amount', 'free_drink', 'vip_upgrade'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** Who redeemed a claimed coupon: the member in the app, or staff at the door. */
export const REDEEMED_BY = ['member', 'staff'] as const;
export type RedeemedBy = (typeof REDEEMED_BY)[number];

/** 'undo' is staff rolling back a redemption (within REDEMPTION_UNDO_MINUTES). */
export const QR_SCAN_ACTIONS = ['validate', 'redeem', 'undo'] as const;
export type QrScanAction = (typeof QR_SCAN_ACTIONS)[number];
export const QR_SCAN_RESULTS = ['accepted', 'rejected'] as const;
export type QrScanResult = (typeof QR_SCAN_RESULTS)[number];
/** How the coupon was presented: the QR payload (camera or pasted JSON) or a short code typed by staff. */
export const QR_SCAN_METHODS = ['qr', 'code'] as const;
export type QrScanMethod = (typeof QR_SCAN_METHODS)[number];

/**
 * What can stand between a member and a claim, in the order a claim checks them, so a refusal
 * names the first. The first three make a coupon unusable for anyone (claim, Redeem Now, both door
 * scans); `fully_claimed` also takes it off the members' list; the last three are the member's own.
 */
export const CLAIM_OBSTACLES = ['withdrawn', 'paused', 'expired', 'fully_claimed', 'tier', 'already_claimed', 'points'] as const;
export type ClaimObstacle = (typeof CLAIM_OBSTACLES)[number];
/** The obstacles that make a coupon unusable for anyone, whatever the member. */
export type CouponUnusable = Extract<ClaimObstacle, 'withdrawn' | 'paused' | 'expired'>;
