import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { QueueName } from '@nocturne/queues';
import { type Job, type Queue, UnrecoverableError, Worker, type WorkerOptions } from 'bullmq';
import {
  AcImportFailedError,
  AcNotConfiguredError,
  AcRateLimitedError,
  AcRejectedError,
} from '../activecampaign/activecampaign-errors.js';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { JobDispatcher } from './job-dispatcher.js';
import { workerMetrics } from './worker-options.js';

const activeCampaignOptions = (config: WorkerConfig): Omit<WorkerOptions, 'connection'> => ({
  concurrency: 10,
  metrics: workerMetrics,
  // BullMQ's limiter is kept in Redis: the account's requests per second across every worker.
  limiter: { max: config.AC_RATE_LIMIT_PER_SECOND, duration: 1000 },
  // A killed worker's jobs go back to the queue within ~30 s.
  lockDuration: 15_000,
  stalledInterval: 15_000,
});

/**
 * Every ActiveCampaign call goes through this queue. A 429 (or a refused bulk import over AC's
 * per-minute limit) pauses the whole queue for Retry-After and puts the job back without
 * spending an attempt; AC's refusals (400/403/422) and failed imports fail at once; a bulk
 * import AC has not finished is re-checked later (the job moves itself to delayed); anything
 * else retries with exponential backoff and jitter.
 *
 * Its BullMQ worker is built here, not by @Processor: the rate limit comes from configuration,
 * which a class decorator cannot see. It starts once every module is initialised (the job
 * registry has been checked) and stops, finishing running jobs, before the ORM closes.
 */
@Injectable()
export class ActiveCampaignProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ActiveCampaignProcessor');
  private worker?: Worker;

  constructor(
    private readonly dispatcher: JobDispatcher,
    @InjectQueue(QueueName.ActiveCampaign) private readonly queue: Queue,
    @InjectConfig() private readonly config: WorkerConfig,
  ) {}

  onApplicationBootstrap(): void {
    // The queue's own connection and prefix (BullModule.forRoot), as @Processor workers get them.
    const { connection, prefix } = this.queue.opts;
    this.worker = new Worker(QueueName.ActiveCampaign, (job) => this.process(job), {
      connection,
      prefix,
      ...activeCampaignOptions(this.config),
    });
    this.worker.on('error', (error) => this.logger.warn(`ActiveCampaign worker: ${error.message}`));
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }

  process(job: Job): Promise<unknown> {
    return this.dispatcher.dispatch(job, (error) => this.translate(error));
  }

  private async translate(error: unknown): Promise<unknown> {
    if (error instanceof AcRateLimitedError) {
      await this.queue.rateLimit(error.retryAfterMs);
      return Worker.RateLimitError();
    }
    if (error instanceof AcRejectedError || error instanceof AcNotConfiguredError || error instanceof AcImportFailedError) {
      return new UnrecoverableError(error.message);
    }
    return error;
  }
}
