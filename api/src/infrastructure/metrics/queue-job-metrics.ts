import { ALL_QUEUES } from '@nocturne/queues';
import { Gauge, type Registry } from 'prom-client';
import type { QueueRegistry } from '../queues/queue-registry.js';

/** How many recent completed jobs per queue the duration figures are drawn from. */
const DURATION_SAMPLE = 100;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/**
 * What the workers did, read from Redis at scrape time (the worker has no HTTP server): BullMQ's
 * own finished/failed counters (kept by every worker, see the processors' `metrics` option) and
 * the processing time of the latest completed jobs.
 */
export function registerQueueJobMetrics(registry: Registry, queues: QueueRegistry): void {
  new Gauge({
    name: 'queue_jobs_finished',
    help: 'Jobs the workers finished per queue and result, cumulative (BullMQ metrics, kept a week)',
    labelNames: ['queue', 'result'],
    registers: [registry],
    async collect() {
      for (const name of ALL_QUEUES) {
        try {
          const queue = queues.get(name);
          for (const result of ['completed', 'failed'] as const) {
            const metrics = await queue.getMetrics(result, 0, 0);
            this.set({ queue: name, result }, Number(metrics.meta.count ?? 0));
          }
        } catch {
          // Redis away: keep the last values; /health/ready reports the outage.
        }
      }
    },
  });
  new Gauge({
    name: 'queue_job_duration_seconds',
    help: `Processing time of the latest ${DURATION_SAMPLE} completed jobs per queue (p50, p95, max)`,
    labelNames: ['queue', 'quantile'],
    registers: [registry],
    async collect() {
      for (const name of ALL_QUEUES) {
        try {
          const jobs = await queues.get(name).getJobs(['completed'], 0, DURATION_SAMPLE - 1);
          const durations = jobs
            .filter((job) => job?.finishedOn && job.processedOn)
            .map((job) => (job.finishedOn! - job.processedOn!) / 1000)
            .sort((a, b) => a - b);
          this.set({ queue: name, quantile: '0.5' }, quantile(durations, 0.5));
          this.set({ queue: name, quantile: '0.95' }, quantile(durations, 0.95));
          this.set({ queue: name, quantile: '1' }, durations.at(-1) ?? 0);
        } catch {
          // as above
        }
      }
    },
  });
}
