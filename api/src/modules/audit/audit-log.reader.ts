import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AuditEntryView, AuditFilter } from '@nocturne/contracts';
import { db } from '@nocturne/db';
import {
  adjustmentReasonOf,
  type AuditAction,
  auditFieldChanges,
  auditRecordLink,
  auditSentence,
  type Role,
} from '@nocturne/domain';
import { sql } from 'kysely';
import { cursorAtSql } from '#common/keyset-page.js';
import type { KeysetPosition } from '#common/keyset-cursor.js';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';

const DELETED_ACCOUNT = 'Deleted account';

export interface AuditRow {
  id: string;
  cursor_at: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_role: Role;
  action: AuditAction;
  target_type: string | null;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  client_address: string | null;
  /** The record's name now (null when gone or nameless), and for a claimed coupon the member holding it. */
  target_name: string | null;
  target_exists: boolean;
  holder_id: string | null;
  /** A points adjustment's ledger description, written in the same transaction (so at the same `now()`). */
  adjustment_description: string | null;
}

/**
 * Reads the audit log for admins: newest first by (at, id), filtered by actor, action and venue-time
 * dates (from the start of `from` to the end of `to` in VENUE_TZ). The actor's and the record's
 * names are their names now, joined (the row copies neither); an erased account shows as "Deleted
 * account". Each name is one primary-key lookup per row of the page, taken only for its target type.
 */
/**
 * The audit row's record, looked up by its type: its name now, whether it still exists, a claimed
 * coupon's holder. Target ids are text (a tier, "membership"): only a uuid is cast.
 */
const targetSql = sql`
  select x.name, x.present, x.holder_id
  from (select case when a.target_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then a.target_id::uuid end as uid) k
  cross join lateral (
    select case when t.deleted_at is null then concat_ws(' ', t.first_name, t.last_name) end as name,
      t.deleted_at is null as present, null::uuid as holder_id
      from members t where a.target_type = 'member' and t.id = k.uid
    union all
    select t.title, true, null from coupons t where a.target_type = 'coupon' and t.id = k.uid
    union all
    select t.title, true, null from news_posts t where a.target_type = 'news_post' and t.id = k.uid
    union all
    select p.title, true, null from news_comments t join news_posts p on p.id = t.post_id
      where a.target_type = 'comment' and t.id = k.uid
    union all
    select case when h.deleted_at is null then concat_ws(' ', h.first_name, h.last_name) || '''s ''' || c.title || '''' end,
      h.deleted_at is null, case when h.deleted_at is null then h.id end
      from user_coupons t join coupons c on c.id = t.coupon_id join members h on h.id = t.member_id
      where a.target_type = 'user_coupon' and t.id = k.uid
    union all
    select t.name, true, null from promotions t where a.target_type = 'promotion' and t.id = k.uid
    union all
    select t.title, true, null from events t where a.target_type = 'event' and t.id = k.uid
    union all
    select t.url, true, null from webhook_endpoints t where a.target_type = 'webhook_endpoint' and t.id = k.uid
    union all
    select e.url, true, null from webhook_deliveries t join webhook_endpoints e on e.id = t.endpoint_id
      where a.target_type = 'webhook_delivery' and t.id = k.uid
    union all
    select t.name, true, null from venues t where a.target_type = 'venue' and t.id::text = a.target_id
    union all
    select null, true, null where a.target_type in ('members', 'sync_job', 'audit_log', 'club_settings', 'tier_benefits', 'guest_list_rule')
  ) x limit 1`;

@Injectable()
export class AuditLogReader {
  constructor(@InjectConfig() private readonly config: ApiConfig) {}

  async rows(em: EntityManager, filter: AuditFilter, after: KeysetPosition | undefined, limit: number): Promise<AuditRow[]> {
    const tz = this.config.VENUE_TZ;
    const where = [sql`true`];
    if (filter.actorId) where.push(sql`a.actor_id = ${filter.actorId}::uuid`);
    if (filter.action) where.push(sql`a.action = ${filter.action}`);
    if (filter.from) where.push(sql`a.at >= (${filter.from}::date)::timestamp at time zone ${tz}`);
    if (filter.to) where.push(sql`a.at < (${filter.to}::date + 1)::timestamp at time zone ${tz}`);
    if (after) where.push(sql`(a.at, a.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
    const result = await sql<AuditRow>`select a.id, ${cursorAtSql('a.at')} as cursor_at, a.actor_id,
        case when m.id is null or m.deleted_at is not null then null else concat_ws(' ', m.first_name, m.last_name) end as actor_name,
        a.actor_role, a.action, a.target_type, a.target_id, a.before, a.after, a.client_address,
        t.name as target_name, coalesce(t.present, false) as target_exists, t.holder_id,
        case when a.action = 'points.adjust' then (
          select p.description from point_transactions p
          where p.member_id = a.target_id::uuid and p.source_type = 'staff_adjustment'
            and p.recorded_by_id = a.actor_id and p.created_at = a.at
          order by p.id limit 1) end as adjustment_description
      from audit_log a left join members m on m.id = a.actor_id
      left join lateral (${targetSql}) t on true
      where ${sql.join(where, sql` and `)}
      order by a.at desc, a.id desc
      limit ${limit}`.execute(db(em));
    return result.rows;
  }
}

/** A row as the screen and the CSV show it: the stored keys, and the same row in words. */
export function auditEntryView(row: AuditRow): AuditEntryView {
  const actorName = row.actor_name ?? DELETED_ACCOUNT;
  return {
    id: row.id,
    at: row.cursor_at,
    actorId: row.actor_id,
    actorName,
    actorRole: row.actor_role,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetName: row.target_name,
    targetLink: auditRecordLink(row.target_type, row.target_id, row.target_exists, row.holder_id),
    summary: auditSentence({
      action: row.action,
      actorName,
      actorRole: row.actor_role,
      targetType: row.target_type,
      targetId: row.target_id,
      targetName: row.target_name,
      before: row.before,
      after: row.after,
      ...(row.action === 'points.adjust' ? { reason: adjustmentReasonOf(row.adjustment_description) } : {}),
    }),
    changes: auditFieldChanges(row.before, row.after),
    before: row.before,
    after: row.after,
    clientAddress: row.client_address,
  };
}
