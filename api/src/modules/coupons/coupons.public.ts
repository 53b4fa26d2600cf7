/*
 * What the rest of the api may use of the coupons module (ESLint refuses imports of its other
 * files from outside it): the commands the seed script dispatches, and the rule of when a coupon
 * can be used, for read models that judge coupons (the staff's member view, the overview).
 */
export { couponUsableSql, userCouponState } from './claim-rules.js';
export { ClaimCouponCommand } from './commands/claim-coupon/claim-coupon.command.js';
export { CreateCouponCommand } from './commands/create-coupon/create-coupon.command.js';
