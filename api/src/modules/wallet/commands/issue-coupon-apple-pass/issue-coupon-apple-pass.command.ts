import { Command } from '@nestjs/cqrs';

/** An Apple Wallet pass of one of the member's claimed coupons, with a new authentication token. */
export class IssueCouponApplePassCommand extends Command<Buffer> {
  constructor(
    readonly memberId: string,
    readonly userCouponId: string,
  ) {
    super();
  }
}
