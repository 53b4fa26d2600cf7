import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { QueueName } from '@nocturne/queues';
import { type Queue, UnrecoverableError, Worker } from 'bullmq';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { JobDispatcher } from '../runtime/job-dispatcher.js';
import { QueueProcessor, type QueueWorkerOptions } from '../runtime/queue-processor.js';
import {
  AcImportFailedError,
  AcNotConfiguredError,
  AcRateLimitedError,
  AcRejectedError,
  AcUnreachableError,
} from './activecampaign-errors.js';

/**
 * Every ActiveCampaign call goes through this queue. A 429 (or a refused bulk import over AC's
 * per-minute limit) pauses the whole queue for Retry-After and puts the job back without
 * spending an attempt; so does AC being unreachable (no answer, no such address, connection
 * refused): the queue pauses (half as long as the failure has lasted, 1 s to 30 s), and every job
 * waits without spending attempts until AC answers again (a bulk sync resumes by itself); AC's refusals (400/403/422) and failed imports fail at once; a bulk
 * import AC has not finished is re-checked later (the job moves itself to delayed); anything
 * else retries with exponential backoff and jitter.
 */
@Injectable()
export class ActiveCampaignProcessor extends QueueProcessor {
  constructor(
    @InjectQueue(QueueName.ActiveCampaign) queue: Queue,
    dispatcher: JobDispatcher,
    @InjectConfig() private readonly settings: WorkerConfig,
  ) {
    super(queue, dispatcher, settings);
  }

  protected override options(): QueueWorkerOptions {
    return {
      // BullMQ's limiter is kept in Redis: the account's requests per second across every worker.
      limiter: { max: this.settings.AC_RATE_LIMIT_PER_SECOND, duration: 1000 },
      // A killed worker's jobs go back to the queue within ~30 s.
      lockDuration: 15_000,
      stalledInterval: 15_000,
    };
  }

  protected override async translate(error: unknown): Promise<unknown> {
    if (error instanceof AcRateLimitedError || error instanceof AcUnreachableError) {
      await this.queue.rateLimit(error.retryAfterMs);
      return Worker.RateLimitError();
    }
    if (error instanceof AcRejectedError || error instanceof AcNotConfiguredError || error instanceof AcImportFailedError) {
      return new UnrecoverableError(error.message);
    }
    return error;
  }
}
