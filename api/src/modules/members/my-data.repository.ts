import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';
import { USER_COLUMNS } from '../auth/auth.public.js';

/** The member's own data export: each kind of record, filtered by the member's id. */
@Injectable()
export class MyDataRepository {
  findProfile(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('members')
      .select([
        ...USER_COLUMNS,
        'last_sign_in_at',
        sql<string | null>`date_of_birth::text`.as('date_of_birth'),
        'marketing_consent',
        'marketing_consent_at',
        'marketing_consent_version',
      ])
      .where('id', '=', memberId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  pointsHistory(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('point_transactions')
      .select(['description', 'points', 'base_points', 'tier_multiplier', 'promotion_multiplier', 'kind', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** What the club granted the member on its own (tier celebrated, birthday and monthly tier coupons), for the data export. */
  async rewardsOf(em: EntityManager, memberId: string) {
    const celebrated = await db(em)
      .selectFrom('tier_celebrations')
      .select(['tier', 'celebrated_at'])
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    const birthdays = await db(em)
      .selectFrom('birthday_grants')
      .select(['year', 'granted_at'])
      .where('member_id', '=', memberId)
      .orderBy('year')
      .execute();
    const monthly = await db(em)
      .selectFrom('tier_coupon_grants')
      .select(['month', 'tier', 'granted_at'])
      .where('member_id', '=', memberId)
      .orderBy('month')
      .execute();
    return { celebrated, birthdays, monthly };
  }

  couponsOf(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('user_coupons as uc')
      .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
      .select(['c.code', 'c.title', 'uc.claimed_at', 'uc.redeemed_at'])
      .where('uc.member_id', '=', memberId)
      .orderBy('uc.claimed_at')
      .orderBy('uc.id')
      .execute();
  }

  /** The member's invite code and referrals on both sides (dates and states only), for the data export. */
  async referralsOf(em: EntityManager, memberId: string) {
    const code = await db(em).selectFrom('referral_codes').select('code').where('member_id', '=', memberId).executeTakeFirst();
    const rows = await db(em)
      .selectFrom('referrals')
      .select(['referrer_id', 'referred_id', 'state', 'created_at'])
      .where((eb) => eb.or([eb('referrer_id', '=', memberId), eb('referred_id', '=', memberId)]))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return { code: code?.code ?? null, rows };
  }

  commentsOf(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('news_comments as c')
      .innerJoin('news_posts as p', 'p.id', 'c.post_id')
      .select(['p.title', 'c.content', 'c.created_at', 'c.deleted_at'])
      .where('c.author_id', '=', memberId)
      .orderBy('c.created_at')
      .orderBy('c.id')
      .execute();
  }
}
