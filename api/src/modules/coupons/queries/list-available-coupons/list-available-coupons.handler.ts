import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AvailableCoupon } from '@nocturne/contracts';
import { claimRefusal } from '../../claim-rules.js';
import { couponDetailsFromRow, termsFromRow } from '../../coupon-view.js';
import { CouponsRepository } from '../../coupons.repository.js';
import { ListAvailableCouponsQuery } from './list-available-coupons.query.js';

/**
 * The coupons a member can see (active, not archived, not expired, not used up), newest first,
 * each saying whether this member can claim it now, by the same rules the claim applies.
 */
@QueryHandler(ListAvailableCouponsQuery)
export class ListAvailableCouponsHandler implements IQueryHandler<ListAvailableCouponsQuery, AvailableCoupon[]> {
  constructor(
    private readonly em: EntityManager,
    private readonly coupons: CouponsRepository,
  ) {}

  async execute({ member }: ListAvailableCouponsQuery): Promise<AvailableCoupon[]> {
    const rows = await this.coupons.listAvailable(this.em, member.id);
    const now = new Date();
    return rows.map((row) => {
      const refusal = claimRefusal(
        termsFromRow(row),
        { tier: member.memberTier, currentPoints: member.currentPoints, claims: row.member_claims },
        now,
      );
      return { ...couponDetailsFromRow(row), claimable: !refusal, ...(refusal ? { reason: refusal.reason } : {}) };
    });
  }
}
