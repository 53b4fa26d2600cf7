import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Res, StreamableFile } from '@nestjs/common';
import { AuditFilter, AuditLogPage, AuditLogQuery, endpoints } from '@nocturne/contracts';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { csvLine } from '../../common/csv.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidQuery } from '../../common/http/input.decorators.js';
import { keysetPage, keysetPageStart } from '../../common/keyset-page.js';
import { ExportSlots } from '../../infrastructure/exports/export-slots.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { auditEntryView, AuditLogReader } from './audit-log.reader.js';
import { AuditService } from './audit.service.js';

/** Rows read per statement while exporting. */
const EXPORT_BATCH = 1_000;

export const AUDIT_CSV_HEADER = [
  'at',
  'actor_id',
  'actor_name',
  'actor_role',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
  'client_address',
] as const;

/** The admin's view of the audit log (issue #31, point 3): a page at a time, or all of it as CSV. */
@Controller()
export class AuditController {
  constructor(
    private readonly em: EntityManager,
    private readonly reader: AuditLogReader,
    private readonly audit: AuditService,
    private readonly slots: ExportSlots,
  ) {}

  @Endpoint(endpoints.listAuditLog)
  async list(@ValidQuery() query: AuditLogQuery): Promise<AuditLogPage> {
    const after = keysetPageStart(query.cursor);
    const rows = await this.reader.rows(this.em.fork(), query, after, query.limit + 1);
    const { page, nextCursor } = keysetPage(rows, query.limit);
    return { entries: page.map(auditEntryView), nextCursor };
  }

  /**
   * Streamed a batch at a time, a few at once (ExportSlots); the export is itself a staff action and
   * leaves its row first.
   */
  @Endpoint(endpoints.exportAuditLog)
  async export(
    @CurrentMember() admin: AuthenticatedMember,
    @ValidQuery() filter: AuditFilter,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const em = this.em.fork();
    const reader = this.reader;
    async function* lines() {
      yield csvLine(AUDIT_CSV_HEADER);
      let after: { createdAt: string; id: string } | undefined;
      for (;;) {
        const rows = await reader.rows(em, filter, after, EXPORT_BATCH);
        yield rows
          .map(auditEntryView)
          .map((e) =>
            csvLine([
              e.at,
              e.actorId,
              e.actorName,
              e.actorRole,
              e.action,
              e.targetType,
              e.targetId,
              e.before && JSON.stringify(e.before),
              e.after && JSON.stringify(e.after),
              e.clientAddress,
            ]),
          )
          .join('');
        if (rows.length < EXPORT_BATCH) return;
        const last = rows[rows.length - 1]!;
        after = { createdAt: last.cursor_at, id: last.id };
      }
    }
    const csv = await this.slots.stream(admin.id, async () => {
      await this.em
        .fork()
        .transactional((tx) => this.audit.record(tx, { action: 'audit.export', targetType: 'audit_log', after: { ...filter } }));
      return Readable.from(lines(), { objectMode: false });
    });
    const day = new Date().toISOString().slice(0, 10);
    void reply.header('cache-control', 'no-store');
    return new StreamableFile(csv, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="nocturne-audit-${day}.csv"`,
    });
  }
}
