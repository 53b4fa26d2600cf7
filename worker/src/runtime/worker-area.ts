import { type DynamicModule, Inject, type Type } from '@nestjs/common';
import type { JobHandler } from './job-handler.js';
import type { QueueProcessor } from './queue-processor.js';
import type { Schedule } from './schedules.js';

/**
 * One area of the worker (mail, activecampaign, webhooks, maintenance, points, ...): a Nest module
 * holding its jobs, the processor of the queue it owns and its data access. The worker is the
 * list of its areas (worker.module.ts); the job registry, the queue processors and the schedules
 * are read from that list.
 */
export interface WorkerArea {
  name: string;
  module: Type | DynamicModule;
  /** Its job handlers: providers of its module, each marked @HandlesJob with the job it handles. */
  jobs: readonly Type<JobHandler>[];
  /** The processor of the queue this area owns; an area whose jobs run on other areas' queues has none. */
  processor?: Type<QueueProcessor>;
  /** Its repeatable jobs. */
  schedules?: readonly Schedule[];
}

export const WORKER_AREAS = Symbol('WORKER_AREAS');
export const InjectAreas = () => Inject(WORKER_AREAS);
