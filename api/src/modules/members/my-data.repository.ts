import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';
import type { KeysetPosition } from '#common/keyset-cursor.js';
import { cursorAtSql, newerThanSql } from '#common/keyset-page.js';
import { USER_COLUMNS } from '../auth/auth.public.js';

/**
 * The member's own data export: each kind of record, filtered by the member's id. What grows with
 * the years (ledger rows, claims, comments) is read in keyset batches, oldest first by (instant,
 * id), each after the last row of the one before: the export streams them in constant memory,
 * and a row written meanwhile is neither skipped nor repeated.
 */
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

  /** A batch of the member's ledger rows (point_transactions_member_created_idx). */
  pointsBatch(em: EntityManager, memberId: string, after: KeysetPosition | undefined, limit: number) {
    return db(em)
      .selectFrom('point_transactions')
      .select(['id', 'description', 'points', 'base_points', 'tier_multiplier', 'promotion_multiplier', 'kind', 'created_at'])
      .select(cursorAtSql('created_at').as('cursor_at'))
      .where('member_id', '=', memberId)
      .$if(after !== undefined, (q) => q.where(newerThanSql('', after!)))
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** A batch of the member's claims with their coupons (user_coupons_member_claimed_idx). */
  couponsBatch(em: EntityManager, memberId: string, after: KeysetPosition | undefined, limit: number) {
    return db(em)
      .selectFrom('user_coupons as uc')
      .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
      .select(['uc.id', 'c.code', 'c.title', 'uc.claimed_at', 'uc.redeemed_at'])
      .select(cursorAtSql('uc.claimed_at').as('cursor_at'))
      .where('uc.member_id', '=', memberId)
      .$if(after !== undefined, (q) => q.where(newerThanSql('uc', after!, 'claimed_at')))
      .orderBy('uc.claimed_at')
      .orderBy('uc.id')
      .limit(limit)
      .execute();
  }

  /** A batch of the member's comments, removed ones included (news_comments_author_created_idx). */
  commentsBatch(em: EntityManager, memberId: string, after: KeysetPosition | undefined, limit: number) {
    return db(em)
      .selectFrom('news_comments as c')
      .innerJoin('news_posts as p', 'p.id', 'c.post_id')
      .select(['c.id', 'p.title', 'c.content', 'c.created_at', 'c.deleted_at'])
      .select(cursorAtSql('c.created_at').as('cursor_at'))
      .where('c.author_id', '=', memberId)
      .$if(after !== undefined, (q) => q.where(newerThanSql('c', after!)))
      .orderBy('c.created_at')
      .orderBy('c.id')
      .limit(limit)
      .execute();
  }

  /** The member's guest-list entries, with their event's title, in the order they joined. */
  guestListsBatch(em: EntityManager, memberId: string, after: KeysetPosition | undefined, limit: number) {
    return db(em)
      .selectFrom('guest_list_entries as g')
      .innerJoin('events as e', 'e.id', 'g.event_id')
      .select(['g.id', 'e.title', 'g.night', 'g.plus_ones', 'g.arrived_count', 'g.created_at'])
      .select(cursorAtSql('g.created_at').as('cursor_at'))
      .where('g.member_id', '=', memberId)
      .$if(after !== undefined, (q) => q.where(newerThanSql('g', after!)))
      .orderBy('g.created_at')
      .orderBy('g.id')
      .limit(limit)
      .execute();
  }

  /**
   * What the club granted the member on its own (tier celebrated, birthday and monthly tier
   * coupons): one a year and one a month at most, read whole.
   */
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

  /**
   * The member's invite code and referrals on both sides (dates and states only), read whole (a
   * five-year regular has invited about 150).
   */
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
}
