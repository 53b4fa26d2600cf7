import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { JobPayload } from '@nocturne/queues';
import { HandlesJob, type JobHandler } from './job-handler.js';

/**
 * The parent of a bulk-sync flow: runs once every batch has completed or failed. A batch still
 * pending here failed without being settled (e.g. a worker lost it), so it counts as failed.
 */
@Injectable()
@HandlesJob('activecampaign.bulk-sync-finish')
export class BulkSyncFinishJob implements JobHandler<'activecampaign.bulk-sync-finish'> {
  constructor(private readonly em: EntityManager) {}

  async handle({ syncJobId }: JobPayload<'activecampaign.bulk-sync-finish'>): Promise<string> {
    await this.em.transactional(async (tx) => {
      await tx.execute(
        `update sync_job_batches set state = 'failed', synced = 0, failed = cardinality(member_ids),
           last_error = coalesce(last_error, 'gave up') where sync_job_id = ? and state = 'pending'`,
        [syncJobId],
      );
      await tx.execute("update sync_jobs set state = 'completed', finished_at = now() where id = ? and state = 'running'", [syncJobId]);
    });
    return 'completed';
  }
}
