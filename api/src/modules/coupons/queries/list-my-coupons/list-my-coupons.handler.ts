import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { UserCoupon } from '@nocturne/contracts';
import { userCouponFromRow } from '../../coupon-view.js';
import { CouponsRepository } from '../../coupons.repository.js';
import { QrTokenService } from '../../qr-token.service.js';
import { ShortCodeService } from '../../short-code.service.js';
import { ListMyCouponsQuery } from './list-my-coupons.query.js';

/** The member's own user coupons, newest first, each with its coupon (archived or expired ones too). */
@QueryHandler(ListMyCouponsQuery)
export class ListMyCouponsHandler implements IQueryHandler<ListMyCouponsQuery, UserCoupon[]> {
  constructor(
    private readonly em: EntityManager,
    private readonly coupons: CouponsRepository,
    private readonly qr: QrTokenService,
    private readonly shortCodes: ShortCodeService,
  ) {}

  async execute({ memberId }: ListMyCouponsQuery): Promise<UserCoupon[]> {
    const rows = await this.coupons.listMemberUserCoupons(this.em, memberId);
    // Rows claimed before short codes existed get theirs here, once (see ShortCodeService).
    const coded = [];
    for (const row of rows) coded.push(await this.shortCodes.ensure(this.em, row));
    return coded.map((row) => userCouponFromRow(row, this.qr));
  }
}
