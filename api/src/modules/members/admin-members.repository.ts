import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Database, db } from '@nocturne/db';
import { type ExpressionBuilder, sql } from 'kysely';
import type { KeysetPosition } from '#common/keyset-cursor.js';
import { cursorAtSql, olderThanSql } from '#common/keyset-page.js';
import { containsPattern, prefixPattern } from '#common/like-pattern.js';
import { USER_COLUMNS } from '../auth/auth.public.js';
import { couponUsableSql } from '../coupons/coupons.public.js';
import { count } from './members-sql.js';

/**
 * What the staff typed in the members search: an e-mail is found from its start (LIKE 'term%' on
 * the lower-cased addresses, a range of members_email_prefix_idx), a name by any part (ILIKE
 * '%term%', the trigram index members_name_trgm_idx); a term with an @ is an e-mail only.
 */
export interface MemberSearch {
  emailPrefix: string;
  nameContains: string | null;
}

export function memberSearch(term: string): MemberSearch {
  return { emailPrefix: prefixPattern(term.toLowerCase()), nameContains: term.includes('@') ? null : containsPattern(term) };
}

/** The search's condition, as raw SQL on a members row (for a derived table the builder cannot type). */
function searchSql(search: MemberSearch) {
  const byEmail = sql<boolean>`email like ${search.emailPrefix}`;
  return search.nameContains === null
    ? byEmail
    : sql<boolean>`(${byEmail} or (first_name || ' ' || coalesce(last_name, '')) ilike ${search.nameContains})`;
}

/** Members not deleted who match the search (null matches all). */
function matching(search: MemberSearch | null) {
  return (eb: ExpressionBuilder<Database, 'members'>) => {
    const live = eb('deleted_at', 'is', null);
    return search === null ? live : eb.and([live, searchSql(search)]);
  };
}

/**
 * The staff's members table: a page at a time, searched, counted, the overview's figures and the
 * members CSV export's batches. Each method runs on the EntityManager it is given.
 */
@Injectable()
export class AdminMembersRepository {
  /**
   * One page of members, newest first by (created_at, id), after `after` when given: the
   * members_admin_list_idx walk, or with a search members_email_prefix_idx and members_name_trgm_idx.
   */
  listForAdmin(
    em: EntityManager,
    { search, after, limit }: { search: MemberSearch | null; after?: KeysetPosition; limit: number },
  ) {
    return db(em)
      .selectFrom('members')
      .select([...USER_COLUMNS, 'ac_synced_at', 'ac_sync_error', 'disabled_at', cursorAtSql('created_at').as('cursor_at')])
      .where(matching(search))
      .$if(after !== undefined, (q) => q.where(olderThanSql('', after!)))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * The members matching `search` among the newest `window` live members after `after`. A search
   * for a common word ("Kowalski": one member in ten) fills a page from this walk of the
   * (created_at, id) index, where the trigram indexes would collect every match in the table
   * before sorting them (100,000 rows, a second).
   */
  searchRecent(em: EntityManager, { search, after, window }: { search: MemberSearch; after?: KeysetPosition; window: number }) {
    const recent = db(em)
      .selectFrom('members')
      .select([
        ...USER_COLUMNS,
        'ac_synced_at',
        'ac_sync_error',
        'disabled_at',
        'deleted_at',
        cursorAtSql('created_at').as('cursor_at'),
      ])
      .where('deleted_at', 'is', null)
      .$if(after !== undefined, (q) => q.where(olderThanSql('', after!)))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(window);
    return db(em)
      .selectFrom(recent.as('members'))
      .selectAll()
      .where(searchSql(search))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** How many live members there are after `after`, counting no further than `window` (an index-only walk). */
  async countRecent(em: EntityManager, after: KeysetPosition | undefined, window: number): Promise<number> {
    const row = await db(em)
      .selectFrom((eb) =>
        eb
          .selectFrom('members')
          .select('id')
          .where('deleted_at', 'is', null)
          .$if(after !== undefined, (q) => q.where(olderThanSql('', after!)))
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(window)
          .as('recent'),
      )
      .select(count.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Live members in the table, as PostgreSQL's statistics estimate it (no count). */
  async estimateMembers(em: EntityManager): Promise<number> {
    const row = await db(em)
      .selectNoFrom(sql<string>`(select greatest(reltuples, 0)::bigint from pg_class where oid = 'members'::regclass)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** How many members match, counting no further than `cap + 1` (so a million costs what `cap` does). */
  async countForAdmin(em: EntityManager, search: MemberSearch | null, cap: number): Promise<number> {
    const row = await db(em)
      .selectFrom((eb) =>
        eb
          .selectFrom('members')
          .select(sql<number>`1`.as('one'))
          .where(matching(search))
          .limit(cap + 1)
          .as('matches'),
      )
      .select(count.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The admin overview's figures, as PostgreSQL's bigint text. */
  adminStats(em: EntityManager) {
    const weekAgo = sql<string>`now() - interval '7 days'`;
    return db(em)
      .selectNoFrom((eb) => [
        eb.selectFrom('members').select(count.as('n')).where('deleted_at', 'is', null).as('members'),
        eb.selectFrom('members').select(count.as('n')).where('role', '=', sql.lit('admin')).as('admins'),
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
          .where((c) => couponUsableSql(c))
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

  /**
   * One batch of the members export, oldest first, after the (created_at, id) of the last row of the
   * previous batch: keyset pages, so a million members stream in constant memory and a member
   * joining meanwhile is neither skipped nor repeated.
   */
  exportBatch(em: EntityManager, after: { cursorAt: string; id: string } | null, limit: number) {
    return db(em)
      .selectFrom('members')
      .select([
        'id',
        'email',
        'first_name',
        'last_name',
        'role',
        'member_tier',
        'current_points',
        'total_points',
        'created_at',
        'last_sign_in_at',
        'disabled_at',
        // The cursor at PostgreSQL's own precision (microseconds): a JavaScript Date would cut it to
        // milliseconds, and rows within that millisecond would come again in the next batch.
        sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_at'),
      ])
      .where('deleted_at', 'is', null)
      .$if(after !== null, (query) =>
        query.where(sql<boolean>`(created_at, id) > (${after!.cursorAt}::timestamptz, ${after!.id}::uuid)`),
      )
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}
