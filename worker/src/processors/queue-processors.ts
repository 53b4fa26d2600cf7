import { Processor } from '@nestjs/bullmq';
import { QueueName } from '@nocturne/queues';
import { DispatchingProcessor } from './dispatching.processor.js';
import { JobDispatcher } from './job-dispatcher.js';
import { workerMetrics } from './worker-options.js';

@Processor(QueueName.Email, { concurrency: 4, metrics: workerMetrics })
export class EmailProcessor extends DispatchingProcessor {
  constructor(dispatcher: JobDispatcher) {
    super(dispatcher);
  }
}

@Processor(QueueName.Webhooks, { concurrency: 8, metrics: workerMetrics })
export class WebhooksProcessor extends DispatchingProcessor {
  constructor(dispatcher: JobDispatcher) {
    super(dispatcher);
  }
}

@Processor(QueueName.Maintenance, { concurrency: 1, metrics: workerMetrics })
export class MaintenanceProcessor extends DispatchingProcessor {
  constructor(dispatcher: JobDispatcher) {
    super(dispatcher);
  }
}
