import { WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { JobDispatcher } from './job-dispatcher.js';

/** A @Processor whose jobs go through the JobDispatcher (schema check, ORM context, log context). */
export abstract class DispatchingProcessor extends WorkerHost {
  constructor(private readonly dispatcher: JobDispatcher) {
    super();
  }

  process(job: Job): Promise<unknown> {
    return this.dispatcher.dispatch(job);
  }
}
