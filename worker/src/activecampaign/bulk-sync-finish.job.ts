import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { JobPayload } from '@nocturne/queues';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { ActiveCampaignRepository } from './activecampaign.repository.js';

/**
 * The parent of a bulk-sync flow: runs once every batch has completed or failed. A batch still
 * pending here failed without being settled (e.g. a worker lost it), so it counts as failed.
 */
@Injectable()
@HandlesJob('activecampaign.bulk-sync-finish')
export class BulkSyncFinishJob implements JobHandler<'activecampaign.bulk-sync-finish'> {
  constructor(
    private readonly em: EntityManager,
    private readonly activeCampaign: ActiveCampaignRepository,
  ) {}

  async handle({ syncJobId }: JobPayload<'activecampaign.bulk-sync-finish'>): Promise<string> {
    await this.em.transactional(async (tx) => {
      await this.activeCampaign.failPendingBatches(tx, syncJobId);
      await this.activeCampaign.completeSyncJob(tx, syncJobId);
    });
    return 'completed';
  }
}
