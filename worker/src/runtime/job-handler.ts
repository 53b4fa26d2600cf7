import { SetMetadata } from '@nestjs/common';
import type { JobName, JobPayload } from '@nocturne/queues';
import type { Job } from 'bullmq';

export const JOB_HANDLER = 'nocturne:job-handler';

/**
 * Handles one job of the registry in @nocturne/queues. Jobs run at least once: every handler
 * must be idempotent.
 */
export interface JobHandler<N extends JobName = JobName> {
  handle(payload: JobPayload<N>, job: Job): Promise<unknown>;
}

export const HandlesJob = (name: JobName): ClassDecorator => SetMetadata(JOB_HANDLER, name);
