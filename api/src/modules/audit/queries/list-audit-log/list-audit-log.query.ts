import { Query } from '@nestjs/cqrs';
import type { AuditLogPage, AuditLogQuery } from '@nocturne/contracts';

/** A page of the audit log, newest first, filtered. */
export class ListAuditLogQuery extends Query<AuditLogPage> {
  constructor(readonly query: AuditLogQuery) {
    super();
  }
}
