import { Command } from '@nestjs/cqrs';
import type { AdminCoupon, UpdateCouponRequest } from '@nocturne/contracts';

export class UpdateCouponCommand extends Command<AdminCoupon> {
  constructor(
    readonly couponId: string,
    readonly change: UpdateCouponRequest,
    /** The staffer editing (an account of some venues edits only their coupons). */
    readonly staffId: string,
  ) {
    super();
  }
}
