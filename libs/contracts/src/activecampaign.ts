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
    /**
     * Set while a running sync waits because ActiveCampaign cannot be reached (since when, why in
     * words); it resumes by itself when AC answers again. Null otherwise.
     */
    paused: z.object({ since: z.iso.datetime(), reason: z.string() }).nullable(),
  })
  .meta({ id: 'SyncJobStatus' });
export type SyncJobStatus = z.infer<typeof SyncJobStatus>;

/**
 * Whether ActiveCampaign answers, from the outcome of the calls the worker made (PRODUCT.md §2.6):
 * `not_configured` (no URL or key), `not_contacted` (configured, no call recorded yet),
 * `connected` (the last call was answered, at `lastAnsweredAt`), `unreachable` (calls fail since
 * `unreachableSince`, for `reason` in words: "no answer within 15 s", "it refused the API key").
 */
export const AcConnection = z.object({
  state: z.enum(['not_configured', 'not_contacted', 'connected', 'unreachable']),
  lastAnsweredAt: z.iso.datetime().nullable(),
  unreachableSince: z.iso.datetime().nullable(),
  reason: z.string().nullable(),
});
export type AcConnection = z.infer<typeof AcConnection>;

export const ActiveCampaignStatus = z
  .object({
    configured: z.boolean(),
    /** Whether AC answers: "Connected" only after a call it answered. */
    connection: AcConnection,
    /** The variables still to set (in the api's and the worker's environment) before AC can be used; empty when configured. */
    missingVariables: z.array(z.enum(['AC_API_URL', 'AC_API_KEY'])),
    accountUrl: z.string().nullable(),
    /** AC_LIST_ID: the list synced members are subscribed to, if any. */
    listId: z.string().nullable(),
    /** Whether AC_FIELD_TIER and AC_FIELD_POINTS map the member's tier and points to AC custom fields. */
    customFields: z.object({ tier: z.boolean(), points: z.boolean() }),
    autoSync: z.boolean(),
    lastSyncAt: z.iso.datetime().nullable(),
    /** Members never synced and not failed, counted up to AC_PENDING_COUNT_CAP. */
    pending: z.number().int(),
    /** True when more than `pending` wait (the count stopped at its cap). */
    pendingCapped: z.boolean(),
    /** Members whose last sync AC refused (acSyncError set). */
    failed: z.number().int(),
    /** The bulk sync running now, if any. */
    runningJobId: z.uuid().nullable(),
  })
  .meta({ id: 'ActiveCampaignStatus' });
export type ActiveCampaignStatus = z.infer<typeof ActiveCampaignStatus>;

/** Members waiting for their first sync are counted up to this many ("10,000+ waiting"): a venue importing a million members does not need each one counted on every poll. */
export const AC_PENDING_COUNT_CAP = 10_000;

export const SyncJobParams = z.object({ jobId: z.uuid({ message: 'must be a UUID' }) });
