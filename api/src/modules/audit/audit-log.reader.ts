import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AuditEntryView, AuditFilter } from '@nocturne/contracts';
import { db } from '@nocturne/db';
import type { AuditAction, Role } from '@nocturne/domain';
import { sql } from 'kysely';
import { cursorAtSql } from '../../common/keyset-page.js';
import type { KeysetPosition } from '../../common/keyset-cursor.js';
import { type ApiConfig, InjectConfig } from '../../config/api-config.js';

export const DELETED_ACCOUNT = 'Deleted account';

interface AuditRow {
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
}

/**
 * Reads the audit log for admins: newest first by (at, id), filtered by actor, action and venue-time
 * dates (from the start of `from` to the end of `to` in VENUE_TZ). The actor's name is their
 * name now, joined; an erased account shows as "Deleted account".
 */
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
        a.actor_role, a.action, a.target_type, a.target_id, a.before, a.after, a.client_address
      from audit_log a left join members m on m.id = a.actor_id
      where ${sql.join(where, sql` and `)}
      order by a.at desc, a.id desc
      limit ${limit}`.execute(db(em));
    return result.rows;
  }
}

export function auditEntryView(row: AuditRow): AuditEntryView {
  return {
    id: row.id,
    at: row.cursor_at,
    actorId: row.actor_id,
    actorName: row.actor_name ?? DELETED_ACCOUNT,
    actorRole: row.actor_role,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    before: row.before,
    after: row.after,
    clientAddress: row.client_address,
  };
}
