import { HttpException } from '@nestjs/common';

/**
 * A refused coupon action. The SPA shows `message` as is; `success: false` matches the answers
 * of SPEC's other calls.
 */
export class CouponFailure extends HttpException {
  constructor(status: number, message: string) {
    super({ success: false, message }, status);
  }
}

export const COUPON_NOT_FOUND = 'Coupon not found';
export const ALREADY_REDEEMED = 'This coupon has already been redeemed';
