import { MikroORM } from '@mikro-orm/postgresql';
import { Processor } from '@nestjs/bullmq';
import { QueueName } from '@nocturne/queues';
import { JobHandlerRegistry } from '../jobs/job-handler-registry.js';
import { DispatchingProcessor } from './dispatching.processor.js';

@Processor(QueueName.Email, { concurrency: 4 })
export class EmailProcessor extends DispatchingProcessor {
  constructor(registry: JobHandlerRegistry, orm: MikroORM) {
    super(registry, orm);
  }
}

@Processor(QueueName.Maintenance, { concurrency: 1 })
export class MaintenanceProcessor extends DispatchingProcessor {
  constructor(registry: JobHandlerRegistry, orm: MikroORM) {
    super(registry, orm);
  }
}
