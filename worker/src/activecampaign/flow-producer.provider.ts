import { type Provider } from '@nestjs/common';
import { createRedisConnection } from '@nocturne/queues';
import { FlowProducer } from 'bullmq';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config.js';

/** The FlowProducer that fans bulk syncs out (closed with the app by BulkSyncJob). */
export const flowProducerProvider: Provider = {
  provide: FlowProducer,
  inject: [WORKER_CONFIG],
  useFactory: (config: WorkerConfig) =>
    new FlowProducer({
      connection: createRedisConnection(config, 'worker', 'nocturne-worker-flows'),
      prefix: config.REDIS_PREFIX,
    }),
};
