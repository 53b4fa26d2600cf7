import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';

/** The kind of a member's birthday e-mail of a year (one email_deliveries row per member and kind). */
export const birthdayMailKind = (year: number): string => `birthday-coupon:${year}`;

/** The template coupon is archived, or has given all its uses: no grant this run. */
export class BirthdayCouponUnavailable extends Error {
  constructor() {
    super('The birthday coupon is archived or has no uses left');
  }
}

/**
 * The birthdays area's reads and writes: its own birthday_grants, and (an owner exception, see
 * ARCHITECTURE.md) the user_coupons row a grant gives and its coupon's claimed_count, written as a
 * claim writes them, and the e-mail's email_deliveries row.
 */
@Injectable()
export class BirthdaysRepository {
  async birthdayCouponId(em: EntityManager): Promise<string | null> {
    const row = await db(em).selectFrom('club_settings').select('birthday_coupon_id').where('id', '=', 1).executeTakeFirst();
    return row?.birthday_coupon_id ?? null;
  }

  /** Members who can be given a coupon (not deleted, not disabled) born in one of these months (MM), by id. */
  async candidates(em: EntityManager, months: string[], afterId: string | null, limit: number) {
    let query = db(em)
      .selectFrom('members')
      .select(['id', sql<string>`date_of_birth::text`.as('date_of_birth')])
      .where('date_of_birth', 'is not', null)
      .where('deleted_at', 'is', null)
      .where('disabled_at', 'is', null)
      .where(sql<string>`to_char(date_of_birth, 'MM')`, 'in', months)
      .orderBy('id')
      .limit(limit);
    if (afterId) query = query.where('id', '>', afterId);
    return query.execute();
  }

  /**
   * Gives the member the coupon for the year, once: the grant's unique key decides (false when this
   * year's was given already). Throws BirthdayCouponUnavailable (rolling the grant back) when the
   * coupon cannot be given; writes the e-mail's delivery row with it.
   */
  async grant(tx: EntityManager, memberId: string, year: number, couponId: string): Promise<boolean> {
    const member = await db(tx)
      .selectFrom('members')
      .select(['email', 'deleted_at', 'disabled_at'])
      .where('id', '=', memberId)
      .forUpdate()
      .executeTakeFirst();
    if (!member || member.deleted_at || member.disabled_at) return false;
    const grant = await db(tx)
      .insertInto('birthday_grants')
      .values({ member_id: memberId, year })
      .onConflict((conflict) => conflict.columns(['member_id', 'year']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!grant) return false;
    const coupon = await db(tx)
      .updateTable('coupons')
      .set({ claimed_count: sql<number>`claimed_count + 1` })
      .where('id', '=', couponId)
      .where('archived_at', 'is', null)
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('claimed_count', '<', eb.ref('max_uses'))]))
      .returning('id')
      .executeTakeFirst();
    if (!coupon) throw new BirthdayCouponUnavailable();
    const held = await db(tx)
      .insertInto('user_coupons')
      .values({ member_id: memberId, coupon_id: couponId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db(tx).updateTable('birthday_grants').set({ user_coupon_id: held.id }).where('id', '=', grant.id).execute();
    await db(tx)
      .insertInto('email_deliveries')
      .values({ subject_type: 'member', subject_id: memberId, kind: birthdayMailKind(year), recipient: member.email })
      .onConflict((oc) => oc.columns(['subject_id', 'kind']).doNothing())
      .execute();
    return true;
  }

  /** The state of the member's birthday e-mail of the year, if one is owed. */
  async mailState(em: EntityManager, memberId: string, year: number) {
    const row = await db(em)
      .selectFrom('email_deliveries')
      .select('state')
      .where('subject_id', '=', memberId)
      .where('kind', '=', birthdayMailKind(year))
      .executeTakeFirst();
    return row?.state;
  }

  /** What the birthday e-mail names: the member and the coupon their grant of the year gave. */
  async mailFacts(em: EntityManager, memberId: string, year: number) {
    return db(em)
      .selectFrom('birthday_grants as g')
      .innerJoin('members as m', 'm.id', 'g.member_id')
      .leftJoin('user_coupons as uc', 'uc.id', 'g.user_coupon_id')
      .leftJoin('coupons as c', 'c.id', 'uc.coupon_id')
      .select(['m.first_name', 'm.deleted_at', 'm.disabled_at', 'c.title'])
      .where('g.member_id', '=', memberId)
      .where('g.year', '=', year)
      .executeTakeFirst();
  }
}
