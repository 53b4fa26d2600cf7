import { Command } from '@nestjs/cqrs';
import type { AdminCoupon, UpdateCouponRequest } from '@nocturne/contracts';

export class UpdateCouponCommand extends Command<AdminCoupon> {
  constructor(
    readonly couponId: string,
    readonly change: UpdateCouponRequest,
  ) {
    super();
  }
}
