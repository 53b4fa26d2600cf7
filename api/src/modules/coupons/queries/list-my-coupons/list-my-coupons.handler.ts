import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { UserCoupon } from '@nocturne/contracts';
import { QrTokenService } from '../../qr-token.service.js';
import { listMemberUserCoupons, userCouponFromRow } from '../../user-coupon.repository.js';
import { ListMyCouponsQuery } from './list-my-coupons.query.js';

/** The member's own user coupons, newest first, each with its coupon (archived or expired ones too). */
@QueryHandler(ListMyCouponsQuery)
export class ListMyCouponsHandler implements IQueryHandler<ListMyCouponsQuery, UserCoupon[]> {
  constructor(
    private readonly em: EntityManager,
    private readonly qr: QrTokenService,
  ) {}

  async execute({ memberId }: ListMyCouponsQuery): Promise<UserCoupon[]> {
    const rows = await listMemberUserCoupons(this.em, memberId);
    return rows.map((row) => userCouponFromRow(row, this.qr));
  }
}
