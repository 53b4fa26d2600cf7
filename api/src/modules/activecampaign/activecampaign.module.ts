import { Module } from '@nestjs/common';
import { ActiveCampaignController } from './activecampaign.controller.js';
import { StartBulkSyncHandler } from './commands/start-bulk-sync/start-bulk-sync.handler.js';
import { SyncContactHandler } from './commands/sync-contact/sync-contact.handler.js';
import { ActiveCampaignQueries } from './queries/activecampaign.queries.js';

/** Admin side of the ActiveCampaign sync; the calls to AC themselves run in the worker. */
@Module({
  controllers: [ActiveCampaignController],
  providers: [ActiveCampaignQueries, SyncContactHandler, StartBulkSyncHandler],
})
export class ActiveCampaignModule {}
