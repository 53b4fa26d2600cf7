import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Database, db } from '@nocturne/db';
import { type ExpressionBuilder, sql } from 'kysely';
import type { KeysetPosition } from '../../common/keyset-cursor.js';
import { cursorAtSql, olderThanSql } from '../../common/keyset-page.js';
import { containsPattern, prefixPattern } from '../../common/like-pattern.js';
import { USER_COLUMNS } from '../auth/auth.public.js';
import { couponUsableSql } from '../coupons/coupons.public.js';

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

/** An admin's name as records show it ("Alex Reyes"), from the members row joined as `alias`. */
function staffName(alias: 'a' | 'd') {
  return sql<string | null>`nullif(concat_ws(' ', ${sql.ref(`${alias}.first_name`)}, ${sql.ref(`${alias}.last_name`)}), '')`;
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
  /**
   * One page of members, newest first by (created_at, id), after `after` when given: the
   * members_admin_list_idx walk, or with a search the trigram indexes on e-mail and name.
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

  /**
   * How often the search matches in a random sample of about `rows` members (TABLESAMPLE SYSTEM:
   * whole pages picked at random, so the cost is those pages, not the table). `seen` is how many
   * live members the sample held; `hits` how many of them matched.
   */
  async sampleMatches(
    em: EntityManager,
    search: MemberSearch,
    { rows, tableSize }: { rows: number; tableSize: number },
  ): Promise<{ hits: number; seen: number }> {
    const percent = Math.min(100, (100 * rows) / Math.max(1, tableSize));
    const { rows: found } = await sql<{ hits: string; seen: string }>`
      select count(*) filter (where ${searchSql(search)}) as hits, count(*) as seen
        from members tablesample system (${percent}::real) where deleted_at is null`.execute(db(em));
    return { hits: Number(found[0]?.hits ?? 0), seen: Number(found[0]?.seen ?? 0) };
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
        eb.selectFrom('members').select(count.as('n')).where('role', '=', 'admin').as('admins'),
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

  // ---- the admin's member view

  /** A member not deleted, with who disabled them (when they are). */
  memberForAdmin(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('members as m')
      .leftJoin('members as d', 'd.id', 'm.disabled_by_id')
      .select([
        ...USER_COLUMNS.map((column) => `m.${column}` as const),
        'm.last_sign_in_at',
        'm.ac_synced_at',
        'm.ac_sync_error',
        'm.disabled_at',
        'd.id as disabled_by_id',
        staffName('d').as('disabled_by_name'),
      ])
      .where('m.id', '=', memberId)
      .where('m.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** The member's newest ledger rows, with the admin who wrote a staff adjustment (count them with countHistory). */
  historyForAdmin(em: EntityManager, memberId: string, limit: number) {
    return db(em)
      .selectFrom('point_transactions as t')
      .leftJoin('members as a', 'a.id', 't.recorded_by_id')
      .select([
        't.id',
        't.description',
        't.points',
        't.kind',
        't.created_at',
        't.base_points',
        't.tier_multiplier',
        't.promotion_multiplier',
        't.recorded_by_id',
        staffName('a').as('recorded_by_name'),
      ])
      .where('t.member_id', '=', memberId)
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * How many ledger rows the member has: an index-only count on (member_id, created_at), not a
   * window over the joined page (which read every row of a member with 20,000 before limiting).
   */
  async countHistory(em: EntityManager, memberId: string): Promise<number> {
    const row = await db(em)
      .selectFrom('point_transactions')
      .select(count.as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** How many claims the member has (index-only on user_coupons (member_id, claimed_at)). */
  async countCoupons(em: EntityManager, memberId: string): Promise<number> {
    const row = await db(em)
      .selectFrom('user_coupons')
      .select(count.as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The member's newest claims with their coupons, when staff last undid a redemption of each (count them with countCoupons). */
  couponsForAdmin(em: EntityManager, memberId: string, limit: number) {
    return db(em)
      .selectFrom('user_coupons as uc')
      .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
      .select((eb) => [
        'uc.id',
        'uc.coupon_id',
        'c.code',
        'c.title',
        'c.type',
        'c.value',
        'c.valid_until',
        'c.is_active',
        'c.archived_at',
        'uc.claimed_at',
        'uc.redeemed_at',
        'uc.redeemed_by',
        'uc.validated_at',
        eb
          .selectFrom('qr_scans as s')
          .select((scan) => scan.fn.max('s.at').as('at'))
          .whereRef('s.user_coupon_id', '=', 'uc.id')
          .where('s.action', '=', 'undo')
          .where('s.result', '=', 'accepted')
          .as('undone_at'),
      ])
      .where('uc.member_id', '=', memberId)
      .orderBy('uc.claimed_at', 'desc')
      .orderBy('uc.id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * The newest door scans of the member's coupons: the scan log's own member column (every coupon
   * scan names its holder; older lines were filled in by the MemberScans migration), walked newest
   * first on qr_scans (member_id, id).
   */
  scansForAdmin(em: EntityManager, memberId: string, limit: number) {
    return db(em)
      .selectFrom('qr_scans as s')
      .innerJoin('user_coupons as uc', 'uc.id', 's.user_coupon_id')
      .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
      .leftJoin('members as a', 'a.id', 's.admin_id')
      .select((eb) => [
        eb.cast<string>('s.id', 'text').as('id'),
        's.at',
        's.action',
        's.result',
        's.method',
        's.reason',
        'c.code as coupon_code',
        staffName('a').as('staff_name'),
      ])
      .where('s.member_id', '=', memberId)
      .orderBy('s.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Locks a member not deleted (`for update`): what an adjustment, a disable or an enable decides from. */
  lockMember(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('members')
      .select(['id', 'email', 'first_name', 'last_name', 'role', 'current_points', 'disabled_at'])
      .where('id', '=', memberId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Disables the account on behalf of `adminId`, or enables it (null). */
  async setDisabled(em: EntityManager, memberId: string, adminId: string | null): Promise<void> {
    await db(em)
      .updateTable('members')
      .set({
        disabled_at: adminId === null ? null : sql<string>`now()`,
        disabled_by_id: adminId,
        updated_at: sql<string>`now()`,
      })
      .where('id', '=', memberId)
      .execute();
  }

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
   * finds deleted_at set and changes nothing). Answers the ActiveCampaign contact, e-mail and names
   * the row held (for erasing their copies elsewhere) and its placeholder address, or undefined
   * when there was nothing to erase.
   */
  eraseMember(em: EntityManager, memberId: string) {
    return db(em)
      .updateTable('members as m')
      .from((eb) =>
        eb
          .selectFrom('members')
          .select(['id', 'ac_contact_id', 'email', 'first_name', 'last_name'])
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
        role: 'member',
        ac_contact_id: null,
        ac_synced_at: null,
        ac_sync_error: null,
        last_sign_in_at: null,
        // The date of birth is personal data; consent goes with the account (issue #33).
        date_of_birth: null,
        marketing_consent: false,
        marketing_consent_at: null,
        marketing_consent_version: null,
        deleted_at: sql<string>`now()`,
        updated_at: sql<string>`now()`,
      }))
      .whereRef('m.id', '=', 'old.id')
      .returning(['old.ac_contact_id', 'old.email', 'old.first_name', 'old.last_name', 'm.email as placeholder'])
      .executeTakeFirst();
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
