import { Module } from '@nestjs/common';
import { AdminOverviewController } from './admin-overview.controller.js';
import { OverviewScopes } from './overview-scope.service.js';
import { OverviewRepository } from './overview.repository.js';
import { GetAdminOverviewHandler } from './queries/get-admin-overview/get-admin-overview.handler.js';
import { QueueHealthService } from './queue-health.service.js';

/** The admin overview: how tonight and the nights before it went, and whether the background work keeps up. */
@Module({
  controllers: [AdminOverviewController],
  providers: [OverviewRepository, OverviewScopes, QueueHealthService, GetAdminOverviewHandler],
})
export class OverviewModule {}
