import { getQueueToken } from '@nestjs/bullmq';
import type { Provider } from '@nestjs/common';
import { ALL_QUEUES, JobProducer, type QueueName } from '@nocturne/queues';
import type { Queue } from 'bullmq';
import { currentJobCorrelationId } from './job-dispatcher.js';

/** The worker's JobProducer, over the queues BullModule registered (their connection and prefix). */
export const jobProducerProvider: Provider = {
  provide: JobProducer,
  inject: ALL_QUEUES.map((name) => getQueueToken(name)),
  useFactory: (...queues: Queue[]) => {
    const byName = new Map<string, Queue>(queues.map((queue) => [queue.name, queue]));
    const queueFor = (name: QueueName) => {
      const queue = byName.get(name);
      if (!queue) throw new Error(`Queue ${name} is not registered`);
      return queue;
    };
    // A job enqueued while another runs (a fan-out's deliveries) keeps that job's correlation id.
    return new JobProducer(queueFor, currentJobCorrelationId);
  },
};
