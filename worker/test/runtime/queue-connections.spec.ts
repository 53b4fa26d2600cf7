import { getQueueToken } from '@nestjs/bullmq';
import { QueueName, type RedisClient } from '@nocturne/queues';
import { testEnv, testRedisPrefix, waitFor } from '@nocturne/testing';
import { FlowProducer, type Queue } from 'bullmq';
import { startWorker } from '../support/worker-app.js';

// BullMQ never closes a connection it is handed (it calls it shared): the worker's queues and
// workers share one from BullModule.forRoot, and the bulk sync's FlowProducer has its own. Left
// open they outlived the app; with a Redis Cluster they went on refreshing slots after the nodes
// were gone, with nobody listening for their errors (the redis-cluster test printed dozens of
// "Unhandled error event" lines into whichever test file ran next).
it('closes the Redis connections it handed BullMQ when the app closes, after the workers stopped', async () => {
  const base = await testEnv();
  const worker = await startWorker({ ...base.env, REDIS_PREFIX: testRedisPrefix('queue-connections') });
  const queueConnection = worker.get<Queue>(getQueueToken(QueueName.Email)).opts.connection as RedisClient;
  const flowConnection = worker.get(FlowProducer).opts.connection as RedisClient;
  // Every queue and the flow producer are on them, and they work.
  for (const name of Object.values(QueueName)) {
    expect(worker.get<Queue>(getQueueToken(name)).opts.connection).toBe(queueConnection);
  }
  expect(await queueConnection.ping()).toBe('PONG');
  expect(await flowConnection.ping()).toBe('PONG');

  await worker.close();

  // ioredis ends a connection once its socket has closed, a moment after disconnect().
  await waitFor(() => queueConnection.status === 'end' && flowConnection.status === 'end', {
    what: 'both connections to end',
    timeoutMs: 5_000,
  });
});
