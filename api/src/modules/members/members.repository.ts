import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Database, db } from '@nocturne/db';
import { type ExpressionBuilder, sql } from 'kysely';
import { USER_COLUMNS } from '../auth/auth.public.js';

/** Members not deleted whose e-mail or full name matches `pattern` (an ILIKE pattern; null matches all). */
function matching(pattern: string | null) {
  return (eb: ExpressionBuilder<Database, 'members'>) => {
    const live = eb('deleted_at', 'is', null);
    if (pattern === null) return live;
    return eb.and([
      live,
      eb.or([eb('email', 'ilike', pattern), eb(sql<string>`first_name || ' ' || coalesce(last_name, '')`, 'ilike', pattern)]),
    ]);
  };
}

/** Counts as the text PostgreSQL gives a bigint (sums of counters may pass 2^31). */
const count = sql<string>`count(*)`;

/**
 * The members module's queries: the admin table and figures, a member's data export and the
 * account's deletion. Each method runs on the EntityManager it is given (inside a UnitOfWork, its
 * transaction).
 */
@Injectable()
export class MembersRepository {
  /** One page of members, newest first, each row carrying the number of matches (`total`). */
  listForAdmin(em: EntityManager, { pattern, limit, offset }: { pattern: string | null; limit: number; offset: number }) {
    return db(em)
      .selectFrom('members')
      .select([...USER_COLUMNS, 'ac_synced_at', 'ac_sync_error', sql<string>`count(*) over ()`.as('total')])
      .where(matching(pattern))
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async countForAdmin(em: EntityManager, pattern: string | null): Promise<number> {
    const row = await db(em).selectFrom('members').select(count.as('n')).where(matching(pattern)).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The admin overview's figures, as PostgreSQL's bigint text. */
  adminStats(em: EntityManager) {
    const weekAgo = sql<string>`now() - interval '7 days'`;
    return db(em)
      .selectNoFrom((eb) => [
        eb.selectFrom('members').select(count.as('n')).where('deleted_at', 'is', null).as('members'),
        eb.selectFrom('members').select(count.as('n')).where('is_admin', '=', true).as('admins'),
        eb
          .selectFrom('members')
          .select(count.as('n'))
          .where('deleted_at', 'is', null)
          .where('created_at', '>', weekAgo)
          .as('newMembersThisWeek'),
        eb.selectFrom('news_posts').select(count.as('n')).as('newsPosts'),
        eb
          .selectFrom('coupons')
          .select(count.as('n'))
          .where('is_active', '=', true)
          .where('archived_at', 'is', null)
          .where((c) => c.or([c('valid_until', 'is', null), c('valid_until', '>', sql<string>`now()`)]))
          .as('activeCoupons'),
        eb
          .selectFrom('coupons')
          .select(sql<string>`coalesce(sum(claimed_count), 0)`.as('n'))
          .as('couponsClaimed'),
        eb
          .selectFrom('coupons')
          .select(sql<string>`coalesce(sum(redeemed_count), 0)`.as('n'))
          .as('couponsRedeemed'),
        eb.selectFrom('bookings').select(count.as('n')).where('status', '=', 'requested').as('pendingBookings'),
        eb
          .selectFrom('contact_messages')
          .select(count.as('n'))
          .where('is_spam', '=', false)
          .where('created_at', '>', weekAgo)
          .as('contactMessagesThisWeek'),
        eb.selectFrom('outbox').select(count.as('n')).where('published_at', 'is', null).as('outboxWaiting'),
      ])
      .executeTakeFirstOrThrow();
  }

  findProfile(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('members')
      .select([...USER_COLUMNS, 'last_sign_in_at'])
      .where('id', '=', memberId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  pointsHistory(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('point_transactions')
      .select(['description', 'points', 'kind', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
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

  /** The password hash of a member not deleted. */
  findPasswordHash(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('members')
      .select('password_hash')
      .where('id', '=', memberId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * Empties the member's row of personal data, under its row lock (a second, concurrent deletion
   * finds deleted_at set and changes nothing). Answers the ActiveCampaign contact the row held, or
   * undefined when there was nothing to erase.
   */
  eraseMember(em: EntityManager, memberId: string) {
    return db(em)
      .updateTable('members as m')
      .from((eb) =>
        eb
          .selectFrom('members')
          .select(['id', 'ac_contact_id'])
          .where('id', '=', memberId)
          .where('deleted_at', 'is', null)
          .forUpdate()
          .as('old'),
      )
      .set((eb) => ({
        email: sql<string>`'deleted-' || ${eb.ref('m.id')} || '@deleted.invalid'`,
        first_name: 'Deleted member',
        last_name: null,
        password_hash: '!deleted',
        is_admin: false,
        ac_contact_id: null,
        ac_synced_at: null,
        ac_sync_error: null,
        last_sign_in_at: null,
        deleted_at: sql<string>`now()`,
        updated_at: sql<string>`now()`,
      }))
      .whereRef('m.id', '=', 'old.id')
      .returning('old.ac_contact_id')
      .executeTakeFirst();
  }
}
