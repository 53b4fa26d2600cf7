import { type DynamicModule, Module } from '@nestjs/common';
import type { WorkerArea } from '../runtime/worker-area.js';
import { ActiveCampaignClient } from './activecampaign.client.js';
import { ActiveCampaignProcessor } from './activecampaign.processor.js';
import { ActiveCampaignRepository } from './activecampaign.repository.js';
import { BulkSyncFinishJob } from './bulk-sync-finish.job.js';
import { BulkSyncJob } from './bulk-sync.job.js';
import { ContactIdsJob } from './contact-ids.job.js';
import { DeleteContactJob } from './delete-contact.job.js';
import { flowProducerProvider } from './flow-producer.provider.js';
import { ImportBatchJob } from './import-batch.job.js';
import { DEFAULT_IMPORT_POLLING, IMPORT_POLLING, type ImportPolling } from './import-polling.js';
import { SyncContactJob } from './sync-contact.job.js';

const ACTIVECAMPAIGN_JOBS = [SyncContactJob, DeleteContactJob, BulkSyncJob, ImportBatchJob, BulkSyncFinishJob, ContactIdsJob];

/**
 * ActiveCampaign: one member's sync and deletion, and bulk syncs as BullMQ flows of import
 * batches; every request paced across all workers; the processor of the activecampaign queue.
 */
@Module({})
class ActiveCampaignModule {
  /** `importPolling` lets tests wait seconds where AC's imports take minutes. */
  static forRoot(importPolling: ImportPolling): DynamicModule {
    return {
      module: ActiveCampaignModule,
      providers: [
        ...ACTIVECAMPAIGN_JOBS,
        ActiveCampaignProcessor,
        ActiveCampaignClient,
        ActiveCampaignRepository,
        flowProducerProvider,
        { provide: IMPORT_POLLING, useValue: importPolling },
      ],
    };
  }
}

export const activeCampaignArea = (importPolling: ImportPolling = DEFAULT_IMPORT_POLLING): WorkerArea => ({
  name: 'activecampaign',
  module: ActiveCampaignModule.forRoot(importPolling),
  jobs: ACTIVECAMPAIGN_JOBS,
  processor: ActiveCampaignProcessor,
});
