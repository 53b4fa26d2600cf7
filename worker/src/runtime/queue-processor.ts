import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { QueueName } from '@nocturne/queues';
import { type Job, MetricsTime, type Queue, Worker, type WorkerOptions } from 'bullmq';
import type { WorkerConfig } from '../config/worker-config.js';
import type { JobDispatcher } from './job-dispatcher.js';
import { queueConcurrency } from './queue-concurrency.js';

/** What a queue may set of its BullMQ worker beyond what every queue gets here. */
export type QueueWorkerOptions = Omit<WorkerOptions, 'connection' | 'prefix' | 'concurrency' | 'metrics'>;

/** BullMQ keeps per-minute completed/failed counts for a week; the api exports them on /metrics. */
const metrics: WorkerOptions['metrics'] = { maxDataPoints: MetricsTime.ONE_WEEK };

/**
 * Runs one queue's jobs in this process: a BullMQ worker on the queue's connection and prefix
 * (BullModule.forRoot), `queueConcurrency` jobs at once, each through the JobDispatcher (schema
 * check, ORM context, log context). The area that owns the queue extends it, naming the queue and,
 * where it has them, its own options and error translation.
 *
 * The worker is built here rather than by @Processor: its concurrency and options come from
 * configuration, which a class decorator cannot see. It starts once every module is initialised
 * (the job registry has been checked) and stops, finishing running jobs, before the ORM closes.
 */
export abstract class QueueProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(this.constructor.name);
  private worker?: Worker;

  protected constructor(
    protected readonly queue: Queue,
    private readonly dispatcher: JobDispatcher,
    private readonly config: WorkerConfig,
  ) {}

  get queueName(): QueueName {
    return this.queue.name as QueueName;
  }

  /** Jobs of this queue this process runs at once. */
  get concurrency(): number {
    return queueConcurrency(this.config, this.queueName);
  }

  onApplicationBootstrap(): void {
    const { connection, prefix } = this.queue.opts;
    this.worker = new Worker(this.queue.name, (job) => this.process(job), {
      connection,
      prefix,
      ...this.options(),
      concurrency: this.concurrency,
      metrics,
    });
    this.worker.on('error', (error) => this.logger.warn(`${this.queue.name} worker: ${error.message}`));
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }

  process(job: Job): Promise<unknown> {
    return this.dispatcher.dispatch(job, (error) => this.translate(error));
  }

  /** This queue's own BullMQ options (a rate limit, lock timings); none by default. */
  protected options(): QueueWorkerOptions {
    return {};
  }

  /** What this queue makes of a handler's error before BullMQ sees it; the error itself by default. */
  protected translate(error: unknown): Promise<unknown> {
    return Promise.resolve(error);
  }
}
