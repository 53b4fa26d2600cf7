import { getQueueToken } from '@nestjs/bullmq';
import type { Provider } from '@nestjs/common';
import { ALL_QUEUES, JobProducer, type QueueName } from '@nocturne/queues';
import type { Queue } from 'bullmq';

/** The worker's JobProducer, over the queues BullModule registered (their connection and prefix). */
export const jobProducerProvider: Provider = {
  provide: JobProducer,
  inject: ALL_QUEUES.map((name) => getQueueToken(name)),
  useFactory: (...queues: Queue[]) => {
    const byName = new Map<string, Queue>(queues.map((queue) => [queue.name, queue]));
    return new JobProducer((name: QueueName) => {
      const queue = byName.get(name);
      if (!queue) throw new Error(`Queue ${name} is not registered`);
      return queue;
    });
  },
};
