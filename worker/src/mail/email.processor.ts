import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { QueueName } from '@nocturne/queues';
import type { Queue } from 'bullmq';
import { JobDispatcher } from '../runtime/job-dispatcher.js';
import { QueueProcessor } from '../runtime/queue-processor.js';

/** Runs the e-mail queue: every e-mail of every area (a failed send is retried by its job). */
@Injectable()
export class EmailProcessor extends QueueProcessor {
  protected readonly concurrency = 4;

  constructor(@InjectQueue(QueueName.Email) queue: Queue, dispatcher: JobDispatcher) {
    super(queue, dispatcher);
  }
}
