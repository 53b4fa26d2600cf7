import { AsyncLocalStorage } from 'node:async_hooks';

const storage = new AsyncLocalStorage<string>();

/**
 * The id of the HTTP request being served (Fastify's request.id, the one pino-http logs and the
 * X-Request-Id header answers), for the code it runs: events it raises carry it into the outbox
 * and jobs it enqueues carry it to the worker's log lines.
 */
export const requestCorrelation = {
  run<T>(correlationId: string, work: () => T): T {
    return storage.run(correlationId, work);
  },
  current(): string | undefined {
    return storage.getStore();
  },
};
