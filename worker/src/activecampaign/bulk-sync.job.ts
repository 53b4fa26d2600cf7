import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { defaultJobOptions, flowJob, type JobPayload, type RedisClient } from '@nocturne/queues';
import { FlowProducer, type JobsOptions } from 'bullmq';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { ActiveCampaignRepository, type MemberForAc } from './activecampaign.repository.js';
import { BULK_IMPORT_LIMITS, splitForBulkImport } from './bulk-import-request.js';
import { acContactOf } from './member-contact.js';

/** Batches retry quickly at first: AC's 5xx spells are usually short. */
const BATCH_JOB_OPTIONS: JobsOptions = {
  ...defaultJobOptions,
  attempts: 12,
  backoff: { type: 'exponential', delay: 1000, jitter: 0.5 },
  // A batch that fails for good is settled as failed; the parent still finishes.
  ignoreDependencyOnFailure: true,
};

/**
 * The api cuts batches of 250 members; a batch whose bulk_import body would pass this many bytes
 * is split further here. The margin under AC's 400,000 leaves room for members who edit their
 * names between the fan-out and their batch's import (the client refuses an over-size body).
 */
const FAN_OUT_LIMITS = {
  maxContacts: BULK_IMPORT_LIMITS.maxContacts,
  maxBytes: Math.floor(BULK_IMPORT_LIMITS.maxBytes * 0.9),
};

/**
 * Fans a bulk sync out as one BullMQ flow: an import child per batch (the batches were written
 * with the sync job, and batches too large for one bulk_import are split first) under a parent
 * that finishes the job when every child has completed or failed. Job ids come from the sync
 * job and the split leaves every batch within the limits, so running this twice adds nothing new.
 */
@Injectable()
@HandlesJob('activecampaign.bulk-sync')
export class BulkSyncJob implements JobHandler<'activecampaign.bulk-sync'>, OnApplicationShutdown {
  constructor(
    private readonly em: EntityManager,
    private readonly activeCampaign: ActiveCampaignRepository,
    private readonly flows: FlowProducer,
    @InjectConfig() private readonly config: WorkerConfig,
  ) {}

  async handle({ syncJobId }: JobPayload<'activecampaign.bulk-sync'>): Promise<{ batches: number } | string> {
    if ((await this.activeCampaign.syncJobState(this.em, syncJobId)) !== 'running') return 'not running';
    await this.splitOversizedBatches(syncJobId);
    const batches = await this.activeCampaign.batchNumbers(this.em, syncJobId);
    await this.flows.add(
      flowJob(
        'activecampaign.bulk-sync-finish',
        { syncJobId },
        { ...defaultJobOptions, jobId: `bulk-${syncJobId}-finish` },
        batches.map((batchNo) =>
          flowJob(
            'activecampaign.import-batch',
            { syncJobId, batchNo },
            { ...BATCH_JOB_OPTIONS, jobId: `bulk-${syncJobId}-batch-${batchNo}` },
          ),
        ),
      ),
    );
    return { batches: batches.length };
  }

  /**
   * Splits, in one transaction, each batch not yet sent to AC whose request would pass the byte
   * budget: the batch keeps the first part, the rest become new batches numbered after the last.
   * Members deleted since the snapshot stay in the first part (they count as failed there).
   */
  private async splitOversizedBatches(syncJobId: string): Promise<void> {
    await this.em.transactional(async (tx) => {
      await this.activeCampaign.lockSyncJob(tx, syncJobId);
      const batches = await this.activeCampaign.unsentBatches(tx, syncJobId);
      const members = await this.activeCampaign.membersOfUnsentBatches(tx, syncJobId);
      const byId = new Map(members.map((m) => [m.id, m]));
      let nextBatchNo = ((await this.activeCampaign.lastBatchNo(tx, syncJobId)) ?? -1) + 1;
      for (const batch of batches) {
        const present = batch.member_ids.map((id) => byId.get(id)).filter((m): m is MemberForAc => Boolean(m));
        const parts = splitForBulkImport(present, (m) => acContactOf(m, this.config), this.config.AC_LIST_ID, FAN_OUT_LIMITS);
        if (parts.length <= 1) continue;
        const gone = batch.member_ids.filter((id) => !byId.has(id));
        const ids = (part: MemberForAc[]) => part.map((m) => m.id);
        await this.activeCampaign.setBatchMembers(tx, batch.id, [...ids(parts[0]!), ...gone]);
        for (const part of parts.slice(1)) {
          await this.activeCampaign.addBatch(tx, syncJobId, nextBatchNo, ids(part));
          nextBatchNo += 1;
        }
      }
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flows.close();
    // The connection flowProducerProvider made and handed it: BullMQ leaves those open.
    (this.flows.opts.connection as RedisClient).disconnect();
  }
}
