import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { defaultJobOptions, type JobPayload, QueueName } from '@nocturne/queues';
import { FlowProducer, type JobsOptions } from 'bullmq';
import { HandlesJob, type JobHandler } from './job-handler.js';

/** Batches retry quickly at first: AC's 5xx spells are usually short. */
const BATCH_JOB_OPTIONS: JobsOptions = {
  ...defaultJobOptions,
  attempts: 12,
  backoff: { type: 'exponential', delay: 1000, jitter: 0.5 },
  // A batch that fails for good is settled as failed; the parent still finishes.
  ignoreDependencyOnFailure: true,
};

/**
 * Fans a bulk sync out as one BullMQ flow: an import child per batch (the batches were written
 * with the sync job) under a parent that finishes the job when every child has completed or
 * failed. Job ids come from the sync job, so running this twice adds nothing new.
 */
@Injectable()
@HandlesJob('activecampaign.bulk-sync')
export class BulkSyncJob implements JobHandler<'activecampaign.bulk-sync'>, OnApplicationShutdown {
  constructor(
    private readonly em: EntityManager,
    private readonly flows: FlowProducer,
  ) {}

  async handle({ syncJobId }: JobPayload<'activecampaign.bulk-sync'>): Promise<{ batches: number } | string> {
    const job = (await this.em.execute<{ state: string }[]>('select state from sync_jobs where id = ?', [syncJobId]))[0];
    if (job?.state !== 'running') return 'not running';
    const batches = await this.em.execute<{ batch_no: number }[]>(
      'select batch_no from sync_job_batches where sync_job_id = ? order by batch_no',
      [syncJobId],
    );
    await this.flows.add({
      name: 'activecampaign.bulk-sync-finish',
      queueName: QueueName.ActiveCampaign,
      data: { syncJobId },
      opts: { ...defaultJobOptions, jobId: `bulk-${syncJobId}-finish` },
      children: batches.map(({ batch_no: batchNo }) => ({
        name: 'activecampaign.import-batch',
        queueName: QueueName.ActiveCampaign,
        data: { syncJobId, batchNo },
        opts: { ...BATCH_JOB_OPTIONS, jobId: `bulk-${syncJobId}-batch-${batchNo}` },
      })),
    });
    return { batches: batches.length };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flows.close();
  }
}
