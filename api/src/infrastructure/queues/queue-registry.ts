import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ALL_QUEUES, defaultJobOptions, type QueueName, redisOptionsFromUrl } from '@nocturne/queues';
import { type ConnectionOptions, Queue } from 'bullmq';
import { type ApiConfig, InjectConfig } from '../../config/api-config.js';

/**
 * Producer handles on every queue. Each manages its own fail-fast connection (BullMQ reconnects
 * and re-initialises it after an outage), so a request never waits on a Redis that is away.
 */
@Injectable()
export class QueueRegistry implements OnApplicationShutdown {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(@InjectConfig() config: ApiConfig) {
    for (const name of ALL_QUEUES) {
      const connection = redisOptionsFromUrl(config.REDIS_URL, 'producer', `nocturne-api-${name}`);
      // bullmq declares a narrower options type of its own; these are plain ioredis options.
      const queue = new Queue(name, { connection: connection as ConnectionOptions, prefix: config.REDIS_PREFIX, defaultJobOptions });
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
  }

  get(name: QueueName): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`Unknown queue ${name}`);
    return queue;
  }

  all(): Queue[] {
    return [...this.queues.values()];
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.all().map((queue) => queue.close()));
  }
}
