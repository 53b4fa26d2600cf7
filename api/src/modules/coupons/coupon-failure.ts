import { DomainError } from '#common/errors/domain-error.js';

/** A refused coupon action. The SPA shows `message` as is. */
export class CouponFailure extends DomainError {}
