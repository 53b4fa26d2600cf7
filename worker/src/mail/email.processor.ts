import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { QueueName } from '@nocturne/queues';
import type { Queue } from 'bullmq';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { JobDispatcher } from '../runtime/job-dispatcher.js';
import { QueueProcessor } from '../runtime/queue-processor.js';

/** Runs the e-mail queue: every e-mail of every area (a failed send is retried by its job). */
@Injectable()
export class EmailProcessor extends QueueProcessor {
  constructor(@InjectQueue(QueueName.Email) queue: Queue, dispatcher: JobDispatcher, @InjectConfig() config: WorkerConfig) {
    super(queue, dispatcher, config);
  }
}
