import { Global, Module } from '@nestjs/common';
import { AuditService } from './audit.service.js';

/** The staff audit log (issue #31, point 3; docs/SECURITY.md). Global: every module's staff actions write it. */
@Global()
@Module({ providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
