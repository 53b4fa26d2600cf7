import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdminCoupon } from '@nocturne/contracts';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { CouponFailure } from '#modules/coupons/coupon-failure.js';
import { adminCouponFromRow } from '#modules/coupons/coupon-view.js';
import { AdminCouponsRepository } from '#modules/coupons/admin-coupons.repository.js';
import { CouponVenues } from '#modules/coupons/coupon-venues.service.js';
import { StaffVenues } from '#modules/venues/venues.public.js';
import { CreateCouponCommand } from './create-coupon.command.js';

@CommandHandler(CreateCouponCommand)
export class CreateCouponHandler implements ICommandHandler<CreateCouponCommand, AdminCoupon> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly coupons: AdminCouponsRepository,
    private readonly audit: AuditService,
    private readonly venues: CouponVenues,
    private readonly staffVenues: StaffVenues,
  ) {}

  async execute({ input, adminId }: CreateCouponCommand): Promise<AdminCoupon> {
    // The partial unique index on lower(code) decides concurrent creations of one code.
    return this.unitOfWork.run(async (tx) => {
      await this.staffVenues.assertMayWriteFor(tx, adminId, 'coupon', { after: input.venueIds });
      const row = await this.coupons.createCoupon(tx, input, adminId);
      if (!row) throw new CouponFailure('conflict', `A coupon with the code ${input.code} already exists`);
      const coupon = adminCouponFromRow(row, await this.venues.set(tx, row.id, input.venueIds));
      // The title and description are free text: the row keeps what is not (docs/SECURITY.md "The audit log").
      const { title: _title, description: _description, ...fields } = coupon;
      await this.audit.record(tx, { action: 'coupon.create', targetType: 'coupon', targetId: coupon.id, after: fields });
      return coupon;
    });
  }
}
