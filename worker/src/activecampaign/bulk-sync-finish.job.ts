import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { JobProducer, type JobPayload } from '@nocturne/queues';
import type { Job } from 'bullmq';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { ActiveCampaignRepository } from './activecampaign.repository.js';
import type { ImportBatchResult } from './import-batch.job.js';

/** BullMQ priority of the contact-ids jobs (any priority comes after the jobs waiting without one). */
export const CONTACT_IDS_PRIORITY = 100;

/**
 * The parent of a bulk-sync flow: runs once every batch has completed or failed. A batch still
 * pending here failed without being settled (e.g. a worker lost it), so it counts as failed.
 * Then each batch whose import created contacts gets a contact-ids job to pair them with members:
 * the sync is complete for the venue before those lookups take their share of AC's rate limit.
 */
@Injectable()
@HandlesJob('activecampaign.bulk-sync-finish')
export class BulkSyncFinishJob implements JobHandler<'activecampaign.bulk-sync-finish'> {
  constructor(
    private readonly em: EntityManager,
    private readonly activeCampaign: ActiveCampaignRepository,
    private readonly jobs: JobProducer,
  ) {}

  async handle({ syncJobId }: JobPayload<'activecampaign.bulk-sync-finish'>, job: Job): Promise<string> {
    await this.em.transactional(async (tx) => {
      await this.activeCampaign.failPendingBatches(tx, syncJobId);
      await this.activeCampaign.completeSyncJob(tx, syncJobId);
    });
    const results = Object.values(await job.getChildrenValues<ImportBatchResult | string>());
    for (const result of results) {
      if (typeof result !== 'object' || result.batchNo === undefined || !result.createdContactIds?.length) continue;
      await this.jobs.enqueue(
        'activecampaign.contact-ids',
        { syncJobId, batchNo: result.batchNo, createdContactIds: result.createdContactIds },
        // A low priority: a sync started meanwhile has its imports taken first (BullMQ serves
        // the wait list before prioritized jobs).
        { jobId: `bulk-${syncJobId}-contact-ids-${result.batchNo}`, priority: CONTACT_IDS_PRIORITY },
      );
    }
    return 'completed';
  }
}
