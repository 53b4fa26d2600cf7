import { MikroORM } from '@mikro-orm/postgresql';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { QueueName } from '@nocturne/queues';
import { type Job, MetricsTime, type Queue, UnrecoverableError, Worker, type WorkerOptions } from 'bullmq';
import { AcImportFailedError, AcNotConfiguredError, AcRateLimitedError, AcRejectedError } from '../activecampaign/activecampaign-errors.js';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { JobHandlerRegistry } from '../jobs/job-handler-registry.js';
import { DispatchingProcessor } from './dispatching.processor.js';

/** BullMQ keeps per-minute completed/failed counts for a week; the api exports them on /metrics. */
const metrics: WorkerOptions['metrics'] = { maxDataPoints: MetricsTime.ONE_WEEK };

@Processor(QueueName.Email, { concurrency: 4, metrics })
export class EmailProcessor extends DispatchingProcessor {
  constructor(registry: JobHandlerRegistry, orm: MikroORM) {
    super(registry, orm);
  }
}

@Processor(QueueName.Webhooks, { concurrency: 8, metrics })
export class WebhooksProcessor extends DispatchingProcessor {
  constructor(registry: JobHandlerRegistry, orm: MikroORM) {
    super(registry, orm);
  }
}

@Processor(QueueName.Maintenance, { concurrency: 1, metrics })
export class MaintenanceProcessor extends DispatchingProcessor {
  constructor(registry: JobHandlerRegistry, orm: MikroORM) {
    super(registry, orm);
  }
}

const activeCampaignOptions = (config: WorkerConfig): WorkerOptions =>
  ({
    concurrency: 10,
    metrics,
    // BullMQ's limiter is kept in Redis: the account's requests per second across every worker.
    limiter: { max: config.AC_RATE_LIMIT_PER_SECOND, duration: 1000 },
    // A killed worker's jobs go back to the queue within ~30 s.
    lockDuration: 15_000,
    stalledInterval: 15_000,
  }) as WorkerOptions;

/**
 * Every ActiveCampaign call goes through this queue. A 429 (or a refused bulk import over AC's
 * per-minute limit) pauses the whole queue for Retry-After and puts the job back without
 * spending an attempt; AC's refusals (400/403/422) and failed imports fail at once; a bulk
 * import AC has not finished is re-checked later (the job moves itself to delayed); anything
 * else retries with exponential backoff and jitter.
 */
@Processor(QueueName.ActiveCampaign, { concurrency: 10, metrics })
export class ActiveCampaignProcessor extends DispatchingProcessor {
  constructor(
    registry: JobHandlerRegistry,
    orm: MikroORM,
    @InjectQueue(QueueName.ActiveCampaign) private readonly queue: Queue,
    @InjectConfig() config: WorkerConfig,
  ) {
    super(registry, orm);
    // The limiter comes from configuration, which a class decorator cannot see; the BullMQ worker
    // is built from this metadata after the providers exist, so setting it here takes effect.
    Processor(QueueName.ActiveCampaign, activeCampaignOptions(config))(ActiveCampaignProcessor);
  }

  override async process(job: Job): Promise<unknown> {
    try {
      return await super.process(job);
    } catch (error) {
      if (error instanceof AcRateLimitedError) {
        await this.queue.rateLimit(error.retryAfterMs);
        throw Worker.RateLimitError();
      }
      if (error instanceof AcRejectedError || error instanceof AcNotConfiguredError || error instanceof AcImportFailedError) {
        throw new UnrecoverableError(error.message);
      }
      throw error;
    }
  }
}
