import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { WalletService } from '#modules/wallet/wallet.service.js';
import { IssueCouponApplePassCommand } from './issue-coupon-apple-pass.command.js';

@CommandHandler(IssueCouponApplePassCommand)
export class IssueCouponApplePassHandler implements ICommandHandler<IssueCouponApplePassCommand, Buffer> {
  constructor(private readonly wallet: WalletService) {}

  execute({ memberId, userCouponId }: IssueCouponApplePassCommand): Promise<Buffer> {
    return this.wallet.couponPass(memberId, userCouponId);
  }
}
