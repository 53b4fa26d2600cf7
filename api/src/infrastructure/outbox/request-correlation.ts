import { AsyncLocalStorage } from 'node:async_hooks';

/** Who is asking, as far as the request being served knows: read when an audit row is written. */
export interface RequestActor {
  id: string;
  role: string;
}

interface RequestContext {
  id: string;
  /** The client's address (Fastify's request.ip, which honours TRUST_PROXY). */
  clientAddress?: string;
  /** The signed-in account, read lazily: the auth guard sets it on the request. */
  actor?: () => RequestActor | undefined;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * The id of the HTTP request being served (Fastify's request.id, the one pino-http logs and the
 * X-Request-Id header answers), for the code it runs: events it raises carry it into the outbox
 * and jobs it enqueues carry it to the worker's log lines. It also carries the client's address
 * and the signed-in account, which the audit log records with each staff action.
 */
export const requestCorrelation = {
  run<T>(correlationId: string, work: () => T, context: Omit<RequestContext, 'id'> = {}): T {
    return storage.run({ id: correlationId, ...context }, work);
  },
  current(): string | undefined {
    return storage.getStore()?.id;
  },
  clientAddress(): string | undefined {
    return storage.getStore()?.clientAddress;
  },
  actor(): RequestActor | undefined {
    return storage.getStore()?.actor?.();
  },
};
