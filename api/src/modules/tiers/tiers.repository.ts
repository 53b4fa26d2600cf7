import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { type Tier, tierRank } from '@nocturne/domain';

export type TierBenefitRow = Awaited<ReturnType<TiersRepository['benefits']>>[number];

/** The tables of tier benefits (and promotions): the tiers module's own. */
@Injectable()
export class TiersRepository {
  /** Every tier's row, bronze first. */
  async benefits(em: EntityManager) {
    const rows = await db(em)
      .selectFrom('tier_benefits')
      .select(['tier', 'benefit', 'multiplier', 'monthly_coupon_id'])
      .execute();
    return rows.sort((a, b) => tierRank(a.tier) - tierRank(b.tier));
  }

  async saveBenefit(
    em: EntityManager,
    tier: Tier,
    change: { benefit: string; multiplier: number; monthlyCouponId: string | null },
    managerId: string,
  ): Promise<void> {
    await db(em)
      .updateTable('tier_benefits')
      .set({
        benefit: change.benefit,
        multiplier: change.multiplier,
        monthly_coupon_id: change.monthlyCouponId,
        updated_at: new Date(),
        updated_by_id: managerId,
      })
      .where('tier', '=', tier)
      .execute();
  }

  /** A coupon a monthly grant may copy: it exists, is active and not archived. */
  async couponIsActive(em: EntityManager, couponId: string): Promise<boolean> {
    const row = await db(em)
      .selectFrom('coupons')
      .select('id')
      .where('id', '=', couponId)
      .where('is_active', '=', true)
      .where('archived_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }
}
