import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { correlationIdOf, isJobName, type JobName, type JobPayload, parseJobPayload } from '@nocturne/queues';
import { DelayedError, type Job, RateLimitError, UnrecoverableError, WaitingChildrenError, WaitingError } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import { JobHandlerRegistry } from './job-handler-registry.js';

/** Errors BullMQ uses to move a job (delay it, wait for children or the rate limit): not failures. */
const isControlFlow = (error: unknown) =>
  error instanceof DelayedError ||
  error instanceof RateLimitError ||
  error instanceof WaitingChildrenError ||
  error instanceof WaitingError;

const jobCorrelation = new AsyncLocalStorage<string | undefined>();

/** The correlation id of the job being run here, for the jobs it enqueues in turn. */
export const currentJobCorrelationId = (): string | undefined => jobCorrelation.getStore();

/** What a queue makes of a handler's error (e.g. a 429 becomes a rate limit): the error to throw to BullMQ. */
export type ErrorTranslation = (error: unknown) => Promise<unknown>;

/**
 * Runs one job: validates its payload against the job's schema and hands it to its handler inside
 * a fresh MikroORM context (never the global EntityManager). Every log line written while the job
 * runs carries the job's id and name and the correlation id of the request that caused it.
 */
@Injectable()
export class JobDispatcher {
  constructor(
    private readonly registry: JobHandlerRegistry,
    private readonly orm: MikroORM,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext('Jobs');
  }

  async dispatch(job: Job, translate: ErrorTranslation = async (error) => error): Promise<unknown> {
    const handler = this.registry.get(job.name);
    if (!handler || !isJobName(job.name)) throw new UnrecoverableError(`No handler for job ${job.name}`);
    const payload = parsePayload(job.name, job.data);
    const correlationId = correlationIdOf(job);
    const run = async () => {
      try {
        return await RequestContext.create(this.orm.em, () => handler.handle(payload, job));
      } catch (caught) {
        throw await this.failed(job, await translate(caught));
      }
    };
    return jobCorrelation.run(correlationId, () =>
      this.logger.runInContext(run, { bindings: { jobId: job.id, job: job.name, correlationId } }),
    );
  }

  /** Logs a failed attempt (not BullMQ's own moves) and hands the error back to be thrown. */
  private async failed(job: Job, error: unknown): Promise<unknown> {
    if (!isControlFlow(error)) {
      const attempt = `${job.attemptsMade + 1} of ${job.opts.attempts ?? 1}`;
      this.logger.warn({ err: error }, `Job attempt ${attempt} failed: ${(error as Error).message}`);
    }
    return error;
  }
}

function parsePayload<N extends JobName>(name: N, data: unknown): JobPayload<N> {
  try {
    return parseJobPayload(name, data);
  } catch (error) {
    throw new UnrecoverableError(`Invalid payload for ${name}: ${(error as Error).message}`);
  }
}
