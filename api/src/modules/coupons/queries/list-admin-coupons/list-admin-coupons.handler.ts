import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AdminCoupon } from '@nocturne/contracts';
import { adminCouponFromRow } from '#modules/coupons/coupon-view.js';
import { AdminCouponsRepository } from '#modules/coupons/admin-coupons.repository.js';
import { CouponVenues } from '#modules/coupons/coupon-venues.service.js';
import { ListAdminCouponsQuery } from './list-admin-coupons.query.js';

/** Every coupon, newest first, with its claimed and redeemed counts; archived ones only on request. */
@QueryHandler(ListAdminCouponsQuery)
export class ListAdminCouponsHandler implements IQueryHandler<ListAdminCouponsQuery, AdminCoupon[]> {
  constructor(
    private readonly em: EntityManager,
    private readonly coupons: AdminCouponsRepository,
    private readonly venues: CouponVenues,
  ) {}

  async execute({ includeArchived }: ListAdminCouponsQuery): Promise<AdminCoupon[]> {
    const rows = await this.coupons.listAdmin(this.em, includeArchived);
    const venues = await this.venues.of(
      this.em,
      rows.map((row) => row.id),
    );
    return rows.map((row) => adminCouponFromRow(row, venues.get(row.id)));
  }
}
