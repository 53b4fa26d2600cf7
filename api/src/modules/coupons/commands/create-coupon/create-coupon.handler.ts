import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdminCoupon } from '@nocturne/contracts';
import { CouponFailure } from '../../coupon-failure.js';
import { adminCouponFromRow } from '../../coupon-view.js';
import { CouponsRepository } from '../../coupons.repository.js';
import { CreateCouponCommand } from './create-coupon.command.js';

@CommandHandler(CreateCouponCommand)
export class CreateCouponHandler implements ICommandHandler<CreateCouponCommand, AdminCoupon> {
  constructor(
    private readonly em: EntityManager,
    private readonly coupons: CouponsRepository,
  ) {}

  async execute({ input, adminId }: CreateCouponCommand): Promise<AdminCoupon> {
    // The partial unique index on lower(code) decides concurrent creations of one code.
    const row = await this.coupons.createCoupon(this.em, input, adminId);
    if (!row) throw new CouponFailure('conflict', `A coupon with the code ${input.code} already exists`);
    return adminCouponFromRow(row);
  }
}
