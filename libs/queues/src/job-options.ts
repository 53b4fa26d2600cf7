import type { JobsOptions } from 'bullmq';

/** Retention: completed jobs for a day (at most 1,000), failed ones for a week, for inspection. */
export const defaultJobOptions: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2000, jitter: 0.5 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};
