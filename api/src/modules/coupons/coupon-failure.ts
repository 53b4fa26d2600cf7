import { DomainError } from '../../common/errors/domain-error.js';

/** A refused coupon action. The SPA shows `message` as is. */
export class CouponFailure extends DomainError {}

export const COUPON_NOT_FOUND = 'Coupon not found';
export const ALREADY_REDEEMED = 'This coupon has already been redeemed';
