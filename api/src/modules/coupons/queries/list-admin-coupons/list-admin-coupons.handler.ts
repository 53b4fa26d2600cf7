import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AdminCoupon } from '@nocturne/contracts';
import { adminCouponFromRow, couponColumns, type CouponRow } from '../../coupon-view.js';
import { ListAdminCouponsQuery } from './list-admin-coupons.query.js';

/** Every coupon, newest first, with its claimed and redeemed counts; archived ones only on request. */
@QueryHandler(ListAdminCouponsQuery)
export class ListAdminCouponsHandler implements IQueryHandler<ListAdminCouponsQuery, AdminCoupon[]> {
  constructor(private readonly em: EntityManager) {}

  async execute({ includeArchived }: ListAdminCouponsQuery): Promise<AdminCoupon[]> {
    const rows = await this.em.execute<CouponRow[]>(
        `select ${couponColumns()} from coupons ${includeArchived ? '' : 'where archived_at is null'} order by created_at desc, id desc`,
      );
    return rows.map(adminCouponFromRow);
  }
}
