import { Command } from '@nestjs/cqrs';
import type { UserCoupon } from '@nocturne/contracts';

export class ClaimCouponCommand extends Command<UserCoupon> {
  constructor(
    readonly memberId: string,
    readonly couponId: string,
  ) {
    super();
  }
}
