import type { JobsOptions } from 'bullmq';

/** Retention: completed jobs for a day (at most 1,000), failed ones for a week, for inspection. */
export const defaultJobOptions: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2000, jitter: 0.5 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/**
 * A webhook delivery is retried with exponential backoff (10 s, 20 s, 40 s, …) for 15 attempts:
 * about 45 hours in all (at least 36 with the jitter), beyond the 24 hours receivers may be down.
 */
export const webhookDeliveryJobOptions: JobsOptions = {
  attempts: 15,
  backoff: { type: 'exponential', delay: 10_000, jitter: 0.2 },
};

/** The job id of a delivery's run; `round` counts redeliveries an admin asked for. */
export const webhookDeliveryJobId = (deliveryId: string, round = 0) => `webhook-${deliveryId}-${round}`;
