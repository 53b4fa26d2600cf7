import { Global, Module } from '@nestjs/common';
import { AuditLogReader } from './audit-log.reader.js';
import { AuditController } from './audit.controller.js';
import { AuditService } from './audit.service.js';

/** The staff audit log (issue #31, point 3; docs/SECURITY.md). Global: every module's staff actions write it. */
@Global()
@Module({ controllers: [AuditController], providers: [AuditService, AuditLogReader], exports: [AuditService] })
export class AuditModule {}
