import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { QueueName } from '@nocturne/queues';
import type { Queue } from 'bullmq';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { JobDispatcher } from '../runtime/job-dispatcher.js';
import { QueueProcessor } from '../runtime/queue-processor.js';

/** Runs the wallet queue: pass update pushes. */
@Injectable()
export class WalletProcessor extends QueueProcessor {
  constructor(@InjectQueue(QueueName.Wallet) queue: Queue, dispatcher: JobDispatcher, @InjectConfig() config: WorkerConfig) {
    super(queue, dispatcher, config);
  }
}
