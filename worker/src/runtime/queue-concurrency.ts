import type { QueueName } from '@nocturne/queues';
import type { WorkerConfig } from '../config/worker-config.js';

/** Each queue's own setting; a new queue does not compile until it names one. */
const OWN_SETTING = {
  email: 'WORKER_CONCURRENCY_EMAIL',
  activecampaign: 'WORKER_CONCURRENCY_ACTIVECAMPAIGN',
  maintenance: 'WORKER_CONCURRENCY_MAINTENANCE',
  webhooks: 'WORKER_CONCURRENCY_WEBHOOKS',
  wallet: 'WORKER_CONCURRENCY_WALLET',
} as const satisfies Record<QueueName, keyof WorkerConfig>;

/**
 * How many jobs of a queue one worker process runs at once: the queue's own setting
 * (WORKER_CONCURRENCY_<QUEUE>; the config schema gives some queues a default of their own), else
 * WORKER_CONCURRENCY.
 */
export function queueConcurrency(config: WorkerConfig, queue: QueueName): number {
  return config[OWN_SETTING[queue]] ?? config.WORKER_CONCURRENCY;
}
