import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { type Tier, tierRank } from '@nocturne/domain';
import { sql } from 'kysely';

export type PromotionRow = Awaited<ReturnType<TiersRepository['promotions']>>[number];
export type TierBenefitRow = Awaited<ReturnType<TiersRepository['benefits']>>[number];

/** The tables of tier benefits (and promotions): the tiers module's own. */
@Injectable()
export class TiersRepository {
  /** Every tier's row, bronze first. */
  async benefits(em: EntityManager) {
    const rows = await db(em)
      .selectFrom('tier_benefits')
      .select(['tier', 'benefit', 'multiplier', 'monthly_coupon_id', 'guest_list_plus_ones'])
      .execute();
    return rows.sort((a, b) => tierRank(a.tier) - tierRank(b.tier));
  }

  async saveBenefit(
    em: EntityManager,
    tier: Tier,
    change: { benefit: string; multiplier: number; monthlyCouponId: string | null; guestListPlusOnes?: number | undefined },
    managerId: string,
  ): Promise<void> {
    await db(em)
      .updateTable('tier_benefits')
      .set({
        benefit: change.benefit,
        multiplier: change.multiplier,
        monthly_coupon_id: change.monthlyCouponId,
        ...(change.guestListPlusOnes === undefined ? {} : { guest_list_plus_ones: change.guestListPlusOnes }),
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

  /** The member's tier and points ever earned, and the last tier celebrated with them (null: none yet). */
  async memberTier(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('members as m')
      .leftJoin('tier_celebrations as c', 'c.member_id', 'm.id')
      .select(['m.member_tier', 'm.total_points', 'c.tier as celebrated'])
      .where('m.id', '=', memberId)
      .executeTakeFirstOrThrow();
  }

  async saveCelebrated(em: EntityManager, memberId: string, tier: Tier): Promise<void> {
    await db(em)
      .insertInto('tier_celebrations')
      .values({ member_id: memberId, tier, celebrated_at: new Date() })
      .onConflict((conflict) => conflict.column('member_id').doUpdateSet({ tier, celebrated_at: new Date() }))
      .execute();
  }

  /** Every promotion, the latest ending first, with whether a ledger row names it. */
  /** The promotions a manager sees, latest ending first: at most `limit` (the list), or the one with `id`. */
  async promotions(em: EntityManager, which: { limit: number } | { id: string }) {
    return db(em)
      .selectFrom('promotions as p')
      .select(['p.id', 'p.name', 'p.multiplier', 'p.starts_on', 'p.ends_on', 'p.weekdays'])
      .select(
        sql<number[]>`array(select pv.venue_id from promotion_venues pv where pv.promotion_id = p.id order by pv.venue_id)`.as(
          'venue_ids',
        ),
      )
      .select((eb) =>
        eb.exists(eb.selectFrom('point_transactions as t').select('t.id').whereRef('t.promotion_id', '=', 'p.id')).as('has_paid'),
      )
      .$if('id' in which, (q) => q.where('p.id', '=', (which as { id: string }).id))
      .orderBy('p.ends_on', 'desc')
      .orderBy('p.starts_on', 'desc')
      .orderBy('p.id')
      .limit('limit' in which ? which.limit : 1)
      .execute();
  }

  async promotion(em: EntityManager, id: string): Promise<PromotionRow | undefined> {
    return (await this.promotions(em, { id }))[0];
  }

  async insertPromotion(em: EntityManager, promotion: PromotionFields, managerId: string): Promise<string> {
    const row = await db(em)
      .insertInto('promotions')
      .values({ ...columns(promotion), created_by_id: managerId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Whether there was such a promotion to change. */
  async updatePromotion(em: EntityManager, id: string, promotion: PromotionFields): Promise<boolean> {
    const result = await db(em)
      .updateTable('promotions')
      .set({ ...columns(promotion), updated_at: new Date() })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Replaces the venues whose visits a promotion multiplies (none: the whole group's). */
  async setPromotionVenues(em: EntityManager, id: string, venueIds: readonly number[]): Promise<void> {
    await db(em).deleteFrom('promotion_venues').where('promotion_id', '=', id).execute();
    if (venueIds.length > 0)
      await db(em)
        .insertInto('promotion_venues')
        .values([...new Set(venueIds)].map((venueId) => ({ promotion_id: id, venue_id: venueId })))
        .execute();
  }

  /** Deletes a promotion no ledger row names; answers whether it did (false: none such, or it paid). */
  async deleteUnpaidPromotion(em: EntityManager, id: string): Promise<boolean> {
    const result = await db(em)
      .deleteFrom('promotions')
      .where('id', '=', id)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('point_transactions').select('id').where('promotion_id', '=', id))),
      )
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}

export interface PromotionFields {
  name: string;
  multiplier: number;
  startsOn: string;
  endsOn: string;
  weekdays: number[] | null;
}

const columns = (promotion: PromotionFields) => ({
  name: promotion.name,
  multiplier: promotion.multiplier,
  starts_on: promotion.startsOn,
  ends_on: promotion.endsOn,
  weekdays: promotion.weekdays && promotion.weekdays.length > 0 ? [...promotion.weekdays].sort((a, b) => a - b) : null,
});
