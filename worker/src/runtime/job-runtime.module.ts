import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import { ALL_QUEUES, JobProducer } from '@nocturne/queues';
import { CLOCK, type Clock } from './clock.js';
import { JobDispatcher } from './job-dispatcher.js';
import { JobHandlerRegistry } from './job-handler-registry.js';
import { jobProducerProvider } from './job-producer.provider.js';
import { Schedules } from './schedules.js';
import { WORKER_AREAS, type WorkerArea } from './worker-area.js';

/**
 * What every area's jobs run on, for all of them (global): the queues (one Queue each), the job
 * registry and dispatcher built from the areas, the producer for jobs a job enqueues, the areas'
 * schedules and the clock.
 */
@Module({})
export class JobRuntimeModule {
  static forRoot(areas: readonly WorkerArea[], clock: Clock): DynamicModule {
    const queues = BullModule.registerQueue(...ALL_QUEUES.map((name) => ({ name })));
    return {
      module: JobRuntimeModule,
      global: true,
      imports: [queues],
      providers: [
        { provide: WORKER_AREAS, useValue: areas },
        { provide: CLOCK, useValue: clock },
        JobHandlerRegistry,
        JobDispatcher,
        jobProducerProvider,
        Schedules,
      ],
      exports: [queues, CLOCK, JobDispatcher, JobProducer],
    };
  }
}
