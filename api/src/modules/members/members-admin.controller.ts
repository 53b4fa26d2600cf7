import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get } from '@nestjs/common';
import { AdminStats, AdminUsersQuery, AdminUsersResponse } from '@nocturne/contracts';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidQuery } from '../../common/http/input.decorators.js';
import { isoTimestampOrNull } from '../../common/timestamps.js';
import { MEMBER_COLUMNS, type MemberRow, userFromRow } from '../auth/user-view.js';

type AdminMemberRow = MemberRow & { ac_synced_at: Date | null; ac_sync_error: string | null; total: string };

/** Escapes LIKE wildcards so a search for "50%" means those characters. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

@Controller('admin')
export class MembersAdminController {
  constructor(private readonly em: EntityManager) {}

  @Get('users')
  @Endpoint({
    summary: 'Members for the admin table, newest first; search by name or email',
    auth: 'admin',
    tags: ['admin'],
    conditional: { scopes: ['members'] },
    query: AdminUsersQuery,
    response: AdminUsersResponse,
  })
  async users(@ValidQuery() query: AdminUsersQuery): Promise<AdminUsersResponse> {
    const pattern = query.search ? likePattern(query.search) : null;
    const rows = await this.em.execute<AdminMemberRow[]>(
      `select ${MEMBER_COLUMNS}, ac_synced_at, ac_sync_error, count(*) over () as total
         from members
        where deleted_at is null and (?::text is null or email ilike ? or (first_name || ' ' || coalesce(last_name, '')) ilike ?)
        order by created_at desc, id
        limit ? offset ?`,
      [pattern, pattern, pattern, query.limit, query.offset],
    );
    let total = Number(rows[0]?.total ?? 0);
    if (!rows.length && query.offset > 0) {
      // Past the last page: still say how many there are.
      const counted = await this.em.execute<{ n: string }[]>(
        `select count(*) as n from members where deleted_at is null and (?::text is null or email ilike ? or (first_name || ' ' || coalesce(last_name, '')) ilike ?)`,
        [pattern, pattern, pattern],
      );
      total = Number(counted[0]?.n ?? 0);
    }
    return {
      total,
      users: rows.map((row) => ({
        ...userFromRow(row),
        acSyncedAt: isoTimestampOrNull(row.ac_synced_at),
        acSyncError: row.ac_sync_error,
      })),
    };
  }

  @Get('stats')
  @Endpoint({
    summary: 'Figures for the admin overview',
    auth: 'admin',
    tags: ['admin'],
    response: AdminStats,
    // Also counts the outbox and rolling 7-day windows, which no version tracks: 15 s at most behind.
    conditional: { scopes: ['members', 'news_posts', 'coupons', 'bookings', 'contact_messages'], everySeconds: 15 },
  })
  async stats(): Promise<AdminStats> {
    const [row] = await this.em.execute<Record<keyof AdminStats, string>[]>(
      `select
         (select count(*) from members where deleted_at is null) as "members",
         (select count(*) from members where is_admin) as "admins",
         (select count(*) from members where deleted_at is null and created_at > now() - interval '7 days') as "newMembersThisWeek",
         (select count(*) from news_posts) as "newsPosts",
         (select count(*) from coupons where is_active and archived_at is null and (valid_until is null or valid_until > now())) as "activeCoupons",
         (select coalesce(sum(claimed_count), 0) from coupons) as "couponsClaimed",
         (select coalesce(sum(redeemed_count), 0) from coupons) as "couponsRedeemed",
         (select count(*) from bookings where status = 'requested') as "pendingBookings",
         (select count(*) from contact_messages where not is_spam and created_at > now() - interval '7 days') as "contactMessagesThisWeek",
         (select count(*) from outbox where published_at is null) as "outboxWaiting"`,
    );
    return Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, Number(value)])) as AdminStats;
  }
}
