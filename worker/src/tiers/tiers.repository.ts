import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import type { Tier } from '@nocturne/domain';
import { sql } from 'kysely';

/**
 * The tiers area's reads and writes: its own tier_coupon_grants, and (an owner exception, see
 * ARCHITECTURE.md, as the birthday grant) the user_coupons row a grant gives and its coupon's
 * claimed_count, written as a claim writes them.
 */
@Injectable()
export class TierCouponsRepository {
  /** The tiers that have a monthly coupon, with it. */
  async tierCoupons(em: EntityManager) {
    return db(em)
      .selectFrom('tier_benefits')
      .select(['tier', 'monthly_coupon_id'])
      .where('monthly_coupon_id', 'is not', null)
      .execute() as Promise<{ tier: Tier; monthly_coupon_id: string }[]>;
  }

  /** Members of these tiers who can be given a coupon (not deleted, not disabled) and have none this month, by id. */
  async candidates(em: EntityManager, tiers: Tier[], month: string, afterId: string | null, limit: number) {
    let query = db(em)
      .selectFrom('members as m')
      .select(['m.id', 'm.member_tier'])
      .where('m.member_tier', 'in', tiers)
      .where('m.deleted_at', 'is', null)
      .where('m.disabled_at', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('tier_coupon_grants as g')
              .select('g.id')
              .whereRef('g.member_id', '=', 'm.id')
              .where('g.month', '=', month),
          ),
        ),
      )
      .orderBy('m.id')
      .limit(limit);
    if (afterId) query = query.where('m.id', '>', afterId);
    return query.execute();
  }

  /**
   * Gives the member their tier's coupon for the month, once: the grant's unique key decides (false
   * when this month's was given already, or the member is gone, disabled or now in a tier without
   * this coupon). 'unavailable' (rolled back by the caller's transaction) when the coupon is
   * inactive, archived or out of uses.
   */
  async grant(
    tx: EntityManager,
    memberId: string,
    month: string,
    tier: Tier,
    couponId: string,
  ): Promise<'granted' | 'skipped' | 'unavailable'> {
    const member = await db(tx)
      .selectFrom('members')
      .select(['member_tier', 'deleted_at', 'disabled_at'])
      .where('id', '=', memberId)
      .forUpdate()
      .executeTakeFirst();
    if (!member || member.deleted_at || member.disabled_at || member.member_tier !== tier) return 'skipped';
    const grant = await db(tx)
      .insertInto('tier_coupon_grants')
      .values({ member_id: memberId, month, tier })
      .onConflict((conflict) => conflict.columns(['member_id', 'month']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!grant) return 'skipped';
    const coupon = await db(tx)
      .updateTable('coupons')
      .set({ claimed_count: sql<number>`claimed_count + 1` })
      .where('id', '=', couponId)
      .where('is_active', '=', true)
      .where('archived_at', 'is', null)
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('claimed_count', '<', eb.ref('max_uses'))]))
      .returning('id')
      .executeTakeFirst();
    if (!coupon) return 'unavailable';
    const held = await db(tx)
      .insertInto('user_coupons')
      .values({ member_id: memberId, coupon_id: couponId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db(tx).updateTable('tier_coupon_grants').set({ user_coupon_id: held.id }).where('id', '=', grant.id).execute();
    return 'granted';
  }
}
