import { MetricsTime, type WorkerOptions } from 'bullmq';

/** BullMQ keeps per-minute completed/failed counts for a week; the api exports them on /metrics. */
export const workerMetrics: WorkerOptions['metrics'] = { maxDataPoints: MetricsTime.ONE_WEEK };
