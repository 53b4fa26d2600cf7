import { Module } from '@nestjs/common';
import { AcConnectionService } from './ac-connection.service.js';
import { ActiveCampaignController } from './activecampaign.controller.js';
import { ActiveCampaignRepository } from './activecampaign.repository.js';
import { StartBulkSyncHandler } from './commands/start-bulk-sync/start-bulk-sync.handler.js';
import { SyncContactHandler } from './commands/sync-contact/sync-contact.handler.js';
import { GetActiveCampaignStatusHandler } from './queries/get-activecampaign-status/get-activecampaign-status.handler.js';
import { GetSyncHealthHandler } from './queries/get-sync-health/get-sync-health.handler.js';
import { GetSyncJobHandler } from './queries/get-sync-job/get-sync-job.handler.js';

/** Admin side of the ActiveCampaign sync; the calls to AC themselves run in the worker. */
@Module({
  controllers: [ActiveCampaignController],
  providers: [
    ActiveCampaignRepository,
    AcConnectionService,
    SyncContactHandler,
    StartBulkSyncHandler,
    GetSyncJobHandler,
    GetActiveCampaignStatusHandler,
    GetSyncHealthHandler,
  ],
})
export class ActiveCampaignModule {}
