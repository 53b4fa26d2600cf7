import { Command } from '@nestjs/cqrs';
import type { AdminCoupon } from '@nocturne/contracts';

export class DeleteCouponCommand extends Command<AdminCoupon> {
  constructor(readonly couponId: string) {
    super();
  }
}
