import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AuditLogPage } from '@nocturne/contracts';
import { keysetPage, keysetPageStart } from '#common/keyset-page.js';
import { auditEntryView, AuditLogReader } from '#modules/audit/audit-log.reader.js';
import { ListAuditLogQuery } from './list-audit-log.query.js';

@QueryHandler(ListAuditLogQuery)
export class ListAuditLogHandler implements IQueryHandler<ListAuditLogQuery, AuditLogPage> {
  constructor(
    private readonly em: EntityManager,
    private readonly reader: AuditLogReader,
  ) {}

  async execute({ query }: ListAuditLogQuery): Promise<AuditLogPage> {
    const after = keysetPageStart(query.cursor);
    const rows = await this.reader.rows(this.em.fork(), query, after, query.limit + 1);
    const { page, nextCursor } = keysetPage(rows, query.limit);
    return { entries: page.map(auditEntryView), nextCursor };
  }
}
