import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { UserCoupon } from '@nocturne/contracts';
import { ALREADY_REDEEMED, COUPON_NOT_FOUND } from '@nocturne/domain';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { couponUnusable, unusableMessage } from '#modules/coupons/claim-rules.js';
import { CouponFailure } from '#modules/coupons/coupon-failure.js';
import { termsFromRow, userCouponFromRow } from '#modules/coupons/coupon-view.js';
import { UserCouponsRepository } from '#modules/coupons/user-coupons.repository.js';
import { QrTokenService } from '#modules/coupons/qr-token.service.js';
import { ShortCodeService } from '#modules/coupons/short-code.service.js';
import { Redemptions } from '#modules/coupons/redemption.js';
import { RedeemCouponCommand } from './redeem-coupon.command.js';

@CommandHandler(RedeemCouponCommand)
export class RedeemCouponHandler implements ICommandHandler<RedeemCouponCommand, UserCoupon> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly coupons: UserCouponsRepository,
    private readonly redemptions: Redemptions,
    private readonly qr: QrTokenService,
    private readonly shortCodes: ShortCodeService,
  ) {}

  async execute({ memberId, userCouponId }: RedeemCouponCommand): Promise<UserCoupon> {
    return this.unitOfWork.run(async (tx, raise, lastly) => {
      // Another member's coupon is "not found", never "forbidden": its existence is not theirs to learn.
      const row = await this.coupons.findUserCoupon(tx, userCouponId, { memberId, lock: true });
      if (!row) throw new CouponFailure('not_found', COUPON_NOT_FOUND);
      if (row.redeemed_at) throw new CouponFailure('conflict', ALREADY_REDEEMED);
      const unusable = couponUnusable(termsFromRow(row.coupon), new Date());
      if (unusable) throw new CouponFailure('conflict', unusableMessage(unusable));
      const redeemed = await this.redemptions.markRedeemed(tx, raise, lastly, row, 'member', null);
      if (!redeemed) throw new CouponFailure('conflict', ALREADY_REDEEMED);
      return userCouponFromRow(await this.shortCodes.ensure(tx, redeemed), this.qr);
    });
  }
}
