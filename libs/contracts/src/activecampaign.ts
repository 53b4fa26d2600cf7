import { z } from 'zod';
import { SYNC_JOB_STATES } from './constants.js';

/** The outcome of a one-member sync: synced, AC's reason for refusing, or still queued. */
export const SyncContactResponse = z.object({
  success: z.boolean(),
  /** synced | failed | queued | not_configured */
  status: z.enum(['synced', 'failed', 'queued', 'not_configured']),
  error: z.string().optional(),
});
export type SyncContactResponse = z.infer<typeof SyncContactResponse>;

export const BulkSyncStarted = z.object({ jobId: z.uuid(), total: z.number().int(), alreadyRunning: z.boolean() });
export type BulkSyncStarted = z.infer<typeof BulkSyncStarted>;

export const SyncJobStatus = z
  .object({
    jobId: z.uuid(),
    state: z.enum(SYNC_JOB_STATES),
    total: z.number().int(),
    synced: z.number().int(),
    failed: z.number().int(),
    /** 0-100, from synced + failed over total. */
    percent: z.number().int(),
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'SyncJobStatus' });
export type SyncJobStatus = z.infer<typeof SyncJobStatus>;

export const ActiveCampaignStatus = z
  .object({
    configured: z.boolean(),
    accountUrl: z.string().nullable(),
    autoSync: z.boolean(),
    lastSyncAt: z.iso.datetime().nullable(),
    /** Members never synced and not failed. */
    pending: z.number().int(),
    /** Members whose last sync AC refused (acSyncError set). */
    failed: z.number().int(),
    /** The bulk sync running now, if any. */
    runningJobId: z.uuid().nullable(),
  })
  .meta({ id: 'ActiveCampaignStatus' });
export type ActiveCampaignStatus = z.infer<typeof ActiveCampaignStatus>;

export const SyncJobParams = z.object({ jobId: z.uuid({ message: 'must be a UUID' }) });
