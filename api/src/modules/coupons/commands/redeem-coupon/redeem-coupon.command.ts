import { Command } from '@nestjs/cqrs';
import type { UserCoupon } from '@nocturne/contracts';

/** A member redeeming their own coupon ("Redeem Now"). */
export class RedeemCouponCommand extends Command<UserCoupon> {
  constructor(
    readonly memberId: string,
    readonly userCouponId: string,
  ) {
    super();
  }
}
