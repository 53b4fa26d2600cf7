import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AvailableCoupon } from '@nocturne/contracts';
import { claimRefusalWords } from '@nocturne/domain';
import { couponDetailsFromRow } from '../../coupon-view.js';
import { CouponsRepository } from '../../coupons.repository.js';
import { ListAvailableCouponsQuery } from './list-available-coupons.query.js';

/**
 * The coupons on offer (usable, not used up), newest first, each saying whether this member can
 * claim it now and, when not, why: the database judges by the claim's own rules (claim-rules.ts).
 */
@QueryHandler(ListAvailableCouponsQuery)
export class ListAvailableCouponsHandler implements IQueryHandler<ListAvailableCouponsQuery, AvailableCoupon[]> {
  constructor(
    private readonly em: EntityManager,
    private readonly coupons: CouponsRepository,
  ) {}

  async execute({ member }: ListAvailableCouponsQuery): Promise<AvailableCoupon[]> {
    const rows = await this.coupons.listAvailable(this.em, member.id);
    return rows.map(({ obstacle, ...row }) => ({
      ...couponDetailsFromRow(row),
      claimable: obstacle === null,
      ...(obstacle === null ? {} : { reason: claimRefusalWords(obstacle, row.required_tier).reason }),
    }));
  }
}
