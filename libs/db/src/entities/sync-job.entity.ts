import { defineEntity, p } from '@mikro-orm/core';
import { SYNC_JOB_STATES } from '@nocturne/domain';

/** A bulk ActiveCampaign sync; progress is the sum of its batches. At most one runs at a time. */
export const SyncJob = defineEntity({
  name: 'SyncJob',
  tableName: 'sync_jobs',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    state: p.enum(SYNC_JOB_STATES).default('running'),
    total: p.integer(),
    requestedBy: p.uuid().nullable(),
    startedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    finishedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});

/**
 * Up to 250 members imported by one AC bulk import. `acBatchId` is saved as soon as AC accepts the
 * import, so a retried job asks for the outcome instead of importing the same contacts again.
 */
export const SyncJobBatch = defineEntity({
  name: 'SyncJobBatch',
  tableName: 'sync_job_batches',
  uniques: [{ name: 'sync_job_batches_job_batch_unique', properties: ['syncJob', 'batchNo'] }],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    syncJob: () => p.manyToOne(SyncJob).deleteRule('cascade'),
    batchNo: p.integer(),
    memberIds: p.array().columnType('uuid[]'),
    state: p.enum(['pending', 'done', 'failed'] as const).default('pending'),
    acBatchId: p.string().length(100).nullable(),
    synced: p.integer().default(0),
    failed: p.integer().default(0),
    lastError: p.text().nullable(),
  },
});
