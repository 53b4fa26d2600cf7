import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Readable } from 'node:stream';
import { csvLine } from '#common/csv.js';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { ExportSlots } from '#infrastructure/exports/export-slots.js';
import { AUDIT_CSV_HEADER, auditCsvLine } from '#modules/audit/audit-csv.js';
import { auditEntryView, AuditLogReader } from '#modules/audit/audit-log.reader.js';
import { AuditService } from '#modules/audit/audit.service.js';
import { ExportAuditLogQuery } from './export-audit-log.query.js';

/** Rows read per statement while exporting. */
const EXPORT_BATCH = 1_000;

/**
 * The audit export, streamed a batch at a time. The export is itself a staff action: its row is
 * written, and committed, before the first batch is read.
 */
@QueryHandler(ExportAuditLogQuery)
export class ExportAuditLogHandler implements IQueryHandler<ExportAuditLogQuery, Readable> {
  constructor(
    private readonly em: EntityManager,
    private readonly reader: AuditLogReader,
    private readonly audit: AuditService,
    private readonly slots: ExportSlots,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ filter }: ExportAuditLogQuery): Promise<Readable> {
    await this.em
      .fork()
      .transactional((tx) => this.audit.record(tx, { action: 'audit.export', targetType: 'audit_log', after: { ...filter } }));
    // Its own EntityManager: the stream is read after the request's context has moved on.
    const em = this.em.fork();
    const reader = this.reader;
    const slots = this.slots;
    const timeZone = this.config.VENUE_TZ;
    async function* lines() {
      yield csvLine(AUDIT_CSV_HEADER);
      let after: { createdAt: string; id: string } | undefined;
      for (;;) {
        const rows = await slots.read(() => reader.rows(em, filter, after, EXPORT_BATCH));
        yield rows.map((row) => auditCsvLine(auditEntryView(row), timeZone)).join('');
        if (rows.length < EXPORT_BATCH) return;
        const last = rows[rows.length - 1]!;
        after = { createdAt: last.cursor_at, id: last.id };
      }
    }
    return Readable.from(lines(), { objectMode: false });
  }
}
