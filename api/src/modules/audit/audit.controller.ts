import { Controller, Res, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AuditFilter, AuditLogPage, AuditLogQuery, endpoints } from '@nocturne/contracts';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidQuery } from '#common/http/input.decorators.js';
import { ExportAuditLogQuery } from './queries/export-audit-log/export-audit-log.query.js';
import { ListAuditLogQuery } from './queries/list-audit-log/list-audit-log.query.js';
import { ExportSlots } from '#infrastructure/exports/export-slots.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';

/** The admin's view of the audit log: a page at a time, or all of it as CSV. */
@Controller()
export class AuditController {
  constructor(
    private readonly queries: QueryBus,
    private readonly slots: ExportSlots,
  ) {}

  @Endpoint(endpoints.listAuditLog)
  list(@ValidQuery() query: AuditLogQuery): Promise<AuditLogPage> {
    return this.queries.execute(new ListAuditLogQuery(query));
  }

  /** Streamed a batch at a time, a few downloads at once (ExportSlots); the query leaves the export's own audit row first. */
  @Endpoint(endpoints.exportAuditLog)
  async export(
    @CurrentMember() admin: AuthenticatedMember,
    @ValidQuery() filter: AuditFilter,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const csv: Readable = await this.slots.stream(admin.id, () => this.queries.execute(new ExportAuditLogQuery(filter)));
    const day = new Date().toISOString().slice(0, 10);
    void reply.header('cache-control', 'no-store');
    return new StreamableFile(csv, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="nocturne-audit-${day}.csv"`,
    });
  }
}
