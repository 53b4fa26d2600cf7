import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  ALL_QUEUES,
  defaultJobOptions,
  type EnqueueOptions,
  JobProducer,
  type JobName,
  type JobPayload,
  type JobRequest,
  type QueueName,
  bullmqConnection,
} from '@nocturne/queues';
import { type ConnectionOptions, type Job, Queue } from 'bullmq';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { requestCorrelation } from '../outbox/request-correlation.js';

/**
 * Producer handles on every queue. Each manages its own fail-fast connection (BullMQ reconnects
 * and re-initialises it after an outage), so a request never waits on a Redis that is away.
 * Jobs are added with `enqueue` (typed by the job registry); a job added while serving a request
 * carries that request's id as its correlation id.
 */
@Injectable()
export class QueueRegistry implements OnApplicationShutdown {
  private readonly queues = new Map<QueueName, Queue>();
  /** Cluster connections made for the queues (REDIS_CLUSTER_NODES): BullMQ does not close passed-in ones. */
  private readonly clusters: { disconnect(): void }[] = [];
  private readonly producer = new JobProducer(
    (name) => this.get(name),
    () => requestCorrelation.current(),
  );

  constructor(@InjectConfig() config: ApiConfig) {
    for (const name of ALL_QUEUES) {
      const { connection, owned } = bullmqConnection(config, 'producer', `nocturne-api-${name}`);
      if (owned) this.clusters.push(owned);
      // bullmq declares a narrower options type of its own; these are plain ioredis options (or a Cluster).
      const queue = new Queue(name, {
        connection: connection as ConnectionOptions,
        prefix: config.REDIS_PREFIX,
        defaultJobOptions,
      });
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
  }

  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): Promise<Job> {
    return this.producer.enqueue(name, payload, options);
  }

  enqueueBulk(requests: readonly JobRequest[]): Promise<Job[]> {
    return this.producer.enqueueBulk(requests);
  }

  get(name: QueueName): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`Unknown queue ${name}`);
    return queue;
  }

  all(): Queue[] {
    return [...this.queues.values()];
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.all().map((queue) => queue.close()));
    for (const cluster of this.clusters) cluster.disconnect();
  }
}
