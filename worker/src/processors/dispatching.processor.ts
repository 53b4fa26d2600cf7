import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { isJobName, parseJobPayload } from '@nocturne/queues';
import { type Job, UnrecoverableError } from 'bullmq';
import { JobHandlerRegistry } from '../jobs/job-handler-registry.js';

/**
 * One BullMQ worker per queue; each job is validated against its schema and handed to its
 * handler inside a fresh MikroORM context (never the global EntityManager).
 */
export abstract class DispatchingProcessor extends WorkerHost {
  protected readonly logger = new Logger(this.constructor.name);

  constructor(
    private readonly registry: JobHandlerRegistry,
    private readonly orm: MikroORM,
  ) {
    super();
  }

  async process(job: Job): Promise<unknown> {
    const handler = this.registry.get(job.name);
    if (!handler || !isJobName(job.name)) throw new UnrecoverableError(`No handler for job ${job.name}`);
    let payload;
    try {
      payload = parseJobPayload(job.name, job.data);
    } catch (error) {
      throw new UnrecoverableError(`Invalid payload for ${job.name}: ${(error as Error).message}`);
    }
    return RequestContext.create(this.orm.em, () => handler.handle(payload as never, job));
  }
}
