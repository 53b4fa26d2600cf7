import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Readable } from 'node:stream';
import { csvLine } from '#common/csv.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { ExportSlots } from '#infrastructure/exports/export-slots.js';
import { MEMBER_CSV_HEADER, memberCsvLine } from '#modules/members/member-csv.js';
import { AdminMembersRepository } from '#modules/members/admin-members.repository.js';
import { ExportMembersQuery } from './export-members.query.js';

/** Rows read per statement: a few hundred kilobytes of CSV at a time, whatever the club's size. */
const BATCH = 2_000;

/**
 * The members export: a stream that reads the next keyset batch only when the client has taken
 * the previous one (Readable.from pulls on demand), so memory stays flat from 10 to 1,000,000
 * members and a slow download holds no more than a batch. An export is a staff action: its audit
 * row is written, and committed, before any data leaves.
 */
@QueryHandler(ExportMembersQuery)
export class ExportMembersHandler implements IQueryHandler<ExportMembersQuery, Readable> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: AdminMembersRepository,
    private readonly audit: AuditService,
    private readonly slots: ExportSlots,
  ) {}

  async execute(): Promise<Readable> {
    await this.em.fork().transactional((tx) => this.audit.record(tx, { action: 'members.export', targetType: 'members' }));
    // Its own EntityManager: the stream is read after the request's context has moved on.
    const em = this.em.fork();
    const repository = this.repository;
    const slots = this.slots;
    async function* lines() {
      yield csvLine(MEMBER_CSV_HEADER);
      let after: { cursorAt: string; id: string } | null = null;
      for (;;) {
        const rows = await slots.read(() => repository.exportBatch(em, after, BATCH));
        if (rows.length > 0) yield rows.map(memberCsvLine).join('');
        if (rows.length < BATCH) return;
        const last = rows[rows.length - 1]!;
        after = { cursorAt: last.cursor_at, id: last.id };
      }
    }
    return Readable.from(lines(), { objectMode: false });
  }
}
