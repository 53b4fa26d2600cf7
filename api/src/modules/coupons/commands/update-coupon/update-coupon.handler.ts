import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AdminCoupon, couponValueProblem, type UpdateCouponRequest } from '@nocturne/contracts';
import { COUPON_NOT_FOUND } from '@nocturne/domain';
import type { FieldIssue } from '#common/errors/domain-error.js';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { CouponFailure } from '#modules/coupons/coupon-failure.js';
import { adminCouponFromRow } from '#modules/coupons/coupon-view.js';
import { AdminCouponsRepository } from '#modules/coupons/admin-coupons.repository.js';
import { CouponVenues } from '#modules/coupons/coupon-venues.service.js';
import { StaffVenues } from '#modules/venues/venues.public.js';
import type { CouponView } from '#modules/coupons/coupon-rows.js';
import { UpdateCouponCommand } from './update-coupon.command.js';

/**
 * Edits a live coupon (archived ones are not found, as for delete). The request was checked field
 * by field; what depends on the stored coupon is checked here, under its row lock: the value
 * against the type the change leaves, and maxUses against the claims already made (claims queue
 * on the same lock, so none slips in between). Members see the change on their next poll.
 */
@CommandHandler(UpdateCouponCommand)
export class UpdateCouponHandler implements ICommandHandler<UpdateCouponCommand, AdminCoupon> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly coupons: AdminCouponsRepository,
    private readonly audit: AuditService,
    private readonly venues: CouponVenues,
    private readonly staffVenues: StaffVenues,
  ) {}

  async execute({ couponId, change, staffId }: UpdateCouponCommand): Promise<AdminCoupon> {
    return this.unitOfWork.run(async (tx) => {
      const locked = await this.coupons.lockLiveCoupon(tx, couponId);
      if (!locked) throw new CouponFailure('not_found', COUPON_NOT_FOUND);
      const venuesBefore = (await this.venues.of(tx, [couponId])).get(couponId) ?? [];
      await this.staffVenues.assertMayWriteFor(tx, staffId, 'coupon', { before: venuesBefore, after: change.venueIds });
      const issues = problemsWith(locked, change);
      if (issues.length) {
        throw new CouponFailure('invalid', `Invalid request: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`, {
          issues,
        });
      }
      const { venueIds, ...fields } = change;
      const venuesAfter = venueIds === undefined ? venuesBefore : await this.venues.set(tx, couponId, venueIds);
      let updated: AdminCoupon;
      try {
        // Only the venues changing still writes the row (its updated_at): members' lists move with it.
        updated = adminCouponFromRow(await this.coupons.updateCoupon(tx, couponId, fields), venuesAfter);
      } catch (error) {
        // The partial unique index on lower(code) decides, also between concurrent edits and creations.
        if (error instanceof UniqueConstraintViolationException)
          throw new CouponFailure('conflict', `A coupon with the code ${change.code} already exists`);
        throw error;
      }
      const before = { ...adminCouponFromRow(locked, venuesBefore) };
      await this.audit.record(tx, {
        action: 'coupon.update',
        targetType: 'coupon',
        targetId: couponId,
        before,
        after: { ...updated },
      });
      return updated;
    });
  }
}

/** What the change would make wrong about this coupon, by field. */
function problemsWith(coupon: CouponView, change: UpdateCouponRequest): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const valueProblem = couponValueProblem(change.type ?? coupon.type, change.value === undefined ? coupon.value : change.value);
  if (valueProblem) issues.push({ path: 'value', message: valueProblem });
  const claimed = coupon.claimed_count;
  if (change.maxUses !== undefined && change.maxUses !== null && change.maxUses < claimed) {
    issues.push({ path: 'maxUses', message: `must be at least ${claimed}, the number of claims already made` });
  }
  return issues;
}
