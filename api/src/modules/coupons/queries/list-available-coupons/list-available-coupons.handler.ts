import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AvailableCoupon } from '@nocturne/contracts';
import { claimRefusal } from '../../claim-rules.js';
import { couponColumns, couponDetailsFromRow, type CouponRow, termsFromRow } from '../../coupon-view.js';
import { ListAvailableCouponsQuery } from './list-available-coupons.query.js';

/**
 * The coupons a member can see (active, not archived, not expired, not used up), newest first,
 * each saying whether this member can claim it now, by the same rules the claim applies.
 */
@QueryHandler(ListAvailableCouponsQuery)
export class ListAvailableCouponsHandler implements IQueryHandler<ListAvailableCouponsQuery, AvailableCoupon[]> {
  constructor(private readonly em: EntityManager) {}

  async execute({ member }: ListAvailableCouponsQuery): Promise<AvailableCoupon[]> {
    const rows = await this.em.execute<(CouponRow & { member_claims: number })[]>(
      `select ${couponColumns('c')},
              (select count(*)::int from user_coupons uc where uc.coupon_id = c.id and uc.member_id = ?) as member_claims
         from coupons c
        where c.is_active and c.archived_at is null and (c.valid_until is null or c.valid_until > now())
          and (c.max_uses is null or c.claimed_count < c.max_uses)
        order by c.created_at desc, c.id desc`,
      [member.id],
    );
    const now = new Date();
    return rows.map((row) => {
      const refusal = claimRefusal(termsFromRow(row), { tier: member.memberTier, currentPoints: member.currentPoints, claims: row.member_claims }, now);
      return { ...couponDetailsFromRow(row), claimable: !refusal, ...(refusal ? { reason: refusal.reason } : {}) };
    });
  }
}
