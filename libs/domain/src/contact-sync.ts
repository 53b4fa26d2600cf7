/** A bulk ActiveCampaign sync: running until its last batch settles. */
export const SYNC_JOB_STATES = ['running', 'completed'] as const;
export type SyncJobState = (typeof SYNC_JOB_STATES)[number];
