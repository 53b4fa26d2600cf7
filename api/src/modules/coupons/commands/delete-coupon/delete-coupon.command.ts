import { Command } from '@nestjs/cqrs';
import type { AdminCoupon } from '@nocturne/contracts';

export class DeleteCouponCommand extends Command<AdminCoupon> {
  constructor(
    readonly couponId: string,
    /** The staffer deleting (an account of some venues deletes only their coupons). */
    readonly staffId: string,
  ) {
    super();
  }
}
