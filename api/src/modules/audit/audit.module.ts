import { Global, Module } from '@nestjs/common';
import { AuditLogReader } from './audit-log.reader.js';
import { AuditController } from './audit.controller.js';
import { AuditService } from './audit.service.js';
import { ExportAuditLogHandler } from './queries/export-audit-log/export-audit-log.handler.js';
import { ListAuditLogHandler } from './queries/list-audit-log/list-audit-log.handler.js';

/** The staff audit log (docs/SECURITY.md). Global: every module's staff actions write it. */
@Global()
@Module({
  controllers: [AuditController],
  providers: [AuditService, AuditLogReader, ListAuditLogHandler, ExportAuditLogHandler],
  exports: [AuditService],
})
export class AuditModule {}
