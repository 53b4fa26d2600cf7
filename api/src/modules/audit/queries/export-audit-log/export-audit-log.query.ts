import { Query } from '@nestjs/cqrs';
import type { AuditFilter } from '@nocturne/contracts';
import type { Readable } from 'node:stream';

/** The filtered audit log as CSV, streamed (admins only). */
export class ExportAuditLogQuery extends Query<Readable> {
  constructor(readonly filter: AuditFilter) {
    super();
  }
}
