import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ALL_QUEUES } from '@nocturne/queues';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { QueueRegistry } from '../queues/queue-registry.js';
import { ReplicaRouter } from '../versions/replica-router.js';
import { registerBacklogMetrics } from './backlog-metrics.js';
import { registerQueueJobMetrics } from './queue-job-metrics.js';

const JOB_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed', 'prioritized', 'waiting-children'] as const;

/** Prometheus metrics: process defaults, HTTP latency by route and status, queue depths and ages, outbox lag. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  private rendering?: Promise<string>;

  /**
   * The exposition text. Scrapes that arrive while one is being rendered share it: one read of the
   * backlogs and one 100 KB string, where twenty at once each read and built their own (the api
   * peaked at 318 MB RSS under twenty scrapers at bench:scale).
   */
  render(): Promise<string> {
    this.rendering ??= this.registry.metrics().finally(() => {
      this.rendering = undefined;
    });
    return this.rendering;
  }

  constructor(queues: QueueRegistry, em: EntityManager, replica: ReplicaRouter) {
    collectDefaultMetrics({ register: this.registry });
    registerQueueJobMetrics(this.registry, queues);
    registerBacklogMetrics(this.registry, em, queues);
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route template and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [this.registry],
    });
    if (replica.enabled) {
      new Counter({
        name: 'replica_poll_reads_total',
        help: 'Polls declared replica, by the database that answered (DATABASE_REPLICA_URL set): primary while the replica lags behind them',
        labelNames: ['database'],
        registers: [this.registry],
        collect() {
          this.reset();
          this.inc({ database: 'replica' }, replica.served.replica);
          this.inc({ database: 'primary' }, replica.served.primary);
        },
      });
    }
    new Gauge({
      name: 'queue_jobs',
      help: 'Jobs per queue and state (read from Redis at scrape time)',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        for (const name of ALL_QUEUES) {
          try {
            const counts = await queues.get(name).getJobCounts(...JOB_STATES);
            for (const state of JOB_STATES) this.set({ queue: name, state }, counts[state] ?? 0);
          } catch {
            // Redis away: leave the last values; /health/ready reports the outage.
          }
        }
      },
    });
  }
}
