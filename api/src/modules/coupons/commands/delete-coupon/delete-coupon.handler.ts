import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdminCoupon } from '@nocturne/contracts';
import { COUPON_NOT_FOUND } from '@nocturne/domain';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { CouponFailure } from '../../coupon-failure.js';
import { adminCouponFromRow } from '../../coupon-view.js';
import { CouponsRepository } from '../../coupons.repository.js';
import { DeleteCouponCommand } from './delete-coupon.command.js';

/**
 * Deletes a coupon nobody holds; archives one that members hold (no new claims, their history
 * and the ledger rows that name it stay). Answers the coupon as it was left.
 */
@CommandHandler(DeleteCouponCommand)
export class DeleteCouponHandler implements ICommandHandler<DeleteCouponCommand, AdminCoupon> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly coupons: CouponsRepository,
  ) {}

  async execute({ couponId }: DeleteCouponCommand): Promise<AdminCoupon> {
    return this.unitOfWork.run(async (tx) => {
      // The row lock queues this behind claims in flight (and them behind it), so the holder
      // count below cannot miss a claim that commits meanwhile.
      const locked = await this.coupons.lockLiveCoupon(tx, couponId);
      if (!locked) throw new CouponFailure('not_found', COUPON_NOT_FOUND);
      if (!(await this.coupons.isHeld(tx, couponId))) {
        await this.coupons.deleteCoupon(tx, couponId);
        return adminCouponFromRow(locked);
      }
      return adminCouponFromRow(await this.coupons.archiveCoupon(tx, couponId));
    });
  }
}
