import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdminCoupon } from '@nocturne/contracts';
import { CouponFailure } from '../../coupon-failure.js';
import { adminCouponFromRow, couponColumns, type CouponRow } from '../../coupon-view.js';
import { CreateCouponCommand } from './create-coupon.command.js';

@CommandHandler(CreateCouponCommand)
export class CreateCouponHandler implements ICommandHandler<CreateCouponCommand, AdminCoupon> {
  constructor(private readonly em: EntityManager) {}

  async execute({ input, adminId }: CreateCouponCommand): Promise<AdminCoupon> {
    // The partial unique index on lower(code) decides concurrent creations of one code.
    const rows = await this.em.execute<CouponRow[]>(
      `insert into coupons (code, title, description, type, value, points_cost, required_tier, max_uses, per_member_limit, valid_until, created_by_id)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (lower(code)) where archived_at is null do nothing
         returning ${couponColumns()}`,
      [
        input.code,
        input.title,
        input.description,
        input.type,
        input.value,
        input.pointsCost,
        input.requiredTier,
        input.maxUses,
        input.perMemberLimit,
        input.validUntil ? new Date(input.validUntil) : null,
        adminId,
      ],
    );
    const row = rows[0];
    if (!row) throw new CouponFailure('conflict', `A coupon with the code ${input.code} already exists`);
    return adminCouponFromRow(row);
  }
}
