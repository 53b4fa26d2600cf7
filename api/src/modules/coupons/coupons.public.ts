/*
 * What the rest of the api may use of the coupons module (ESLint refuses imports of its other
 * files from outside it): the commands the seed script dispatches, the rule of when a coupon can
 * be used, for read models that judge coupons (the staff's member view, the overview), and what
 * door mode asks of coupons (DoorCoupons) with the QR and short-code machinery a member card
 * shares with coupons (one secret, one code format, one namespace of typed codes).
 */
export { couponUsableSql, userCouponState } from './claim-rules.js';
export { ClaimCouponCommand } from './commands/claim-coupon/claim-coupon.command.js';
export { CreateCouponCommand } from './commands/create-coupon/create-coupon.command.js';
export type { UserCouponView } from './user-coupons.repository.js';
export { type CouponJudgement, DoorCoupons, type ScanLine } from './door-coupons.service.js';
export { OfflineRedemptions } from './offline-redemptions.js';
export { QrTokenService } from './qr-token.service.js';
export { ScanLogErasure } from './scan-log-erasure.service.js';
export { type DoorSource, type TypedLockout } from './short-code-attempts.service.js';
export { formatShortCode, normaliseShortCode } from './short-code.js';
export { isShortCodeCollision, SHORT_CODE_ATTEMPTS, ShortCodeService } from './short-code.service.js';
