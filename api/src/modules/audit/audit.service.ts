import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { type AuditAction, auditChanges, type Role } from '@nocturne/domain';
import { sql } from 'kysely';
import { requestCorrelation } from '#infrastructure/outbox/request-correlation.js';

/** One staff action, as its handler describes it. */
export interface AuditEntry {
  /** Who did it, and their role then; by default the request's signed-in account. */
  actorId?: string;
  actorRole?: Role;
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  /** The record before and after; only the fields that differ are kept, never a secret. */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** By default the address of the request being served. */
  clientAddress?: string;
}

/**
 * Writes the audit log: one row per staff action, in the action's own
 * transaction (`tx`), so a row exists exactly when the action committed. The request id comes
 * from the request being served. The table is append-only at the database (migration AuditLog).
 */
@Injectable()
export class AuditService {
  async record(tx: EntityManager, entry: AuditEntry): Promise<void> {
    const actor = requestCorrelation.actor();
    const actorId = entry.actorId ?? actor?.id;
    const actorRole = entry.actorRole ?? actor?.role;
    if (!actorId || !actorRole) throw new Error(`Audit row for ${entry.action} without an actor`);
    const clientAddress = entry.clientAddress ?? requestCorrelation.clientAddress() ?? null;
    const changes = auditChanges(entry.before ?? {}, entry.after ?? {});
    const before = entry.before ? JSON.stringify(changes.before) : null;
    const after = entry.after ? JSON.stringify(changes.after) : null;
    await sql`insert into audit_log (actor_id, actor_role, action, target_type, target_id, before, after, client_address, request_id)
      values (${actorId}, ${actorRole}, ${entry.action}, ${entry.targetType ?? null}, ${entry.targetId ?? null},
        ${before}::jsonb, ${after}::jsonb, ${clientAddress}, ${requestCorrelation.current() ?? null})`.execute(db(tx));
  }
}
