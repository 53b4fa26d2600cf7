import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdminCoupon } from '@nocturne/contracts';
import { COUPON_NOT_FOUND } from '@nocturne/domain';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { CouponFailure } from '#modules/coupons/coupon-failure.js';
import { adminCouponFromRow } from '#modules/coupons/coupon-view.js';
import { AdminCouponsRepository } from '#modules/coupons/admin-coupons.repository.js';
import { CouponVenues } from '#modules/coupons/coupon-venues.service.js';
import { StaffVenues } from '#modules/venues/venues.public.js';
import { DeleteCouponCommand } from './delete-coupon.command.js';

/**
 * Deletes a coupon nobody holds; archives one that members hold (no new claims, their history
 * and the ledger rows that name it stay). Answers the coupon as it was left.
 */
@CommandHandler(DeleteCouponCommand)
export class DeleteCouponHandler implements ICommandHandler<DeleteCouponCommand, AdminCoupon> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly coupons: AdminCouponsRepository,
    private readonly audit: AuditService,
    private readonly venues: CouponVenues,
    private readonly staffVenues: StaffVenues,
  ) {}

  async execute({ couponId, staffId }: DeleteCouponCommand): Promise<AdminCoupon> {
    return this.unitOfWork.run(async (tx) => {
      // The row lock queues this behind claims in flight (and them behind it), so the holder
      // count below cannot miss a claim that commits meanwhile.
      const locked = await this.coupons.lockLiveCoupon(tx, couponId);
      if (!locked) throw new CouponFailure('not_found', COUPON_NOT_FOUND);
      const venues = (await this.venues.of(tx, [couponId])).get(couponId) ?? [];
      await this.staffVenues.assertMayWriteFor(tx, staffId, 'coupon', { before: venues });
      const before = { ...adminCouponFromRow(locked) };
      if (!(await this.coupons.isHeld(tx, couponId))) {
        await this.coupons.deleteCoupon(tx, couponId);
        await this.audit.record(tx, { action: 'coupon.delete', targetType: 'coupon', targetId: couponId, before, after: {} });
        return adminCouponFromRow(locked);
      }
      // Held: archived, not deleted; the row says so.
      const archived = adminCouponFromRow(await this.coupons.archiveCoupon(tx, couponId));
      await this.audit.record(tx, {
        action: 'coupon.archive',
        targetType: 'coupon',
        targetId: couponId,
        before,
        after: { ...archived },
      });
      return archived;
    });
  }
}
