import { Redis, type RedisOptions } from 'ioredis';

/**
 * Connections per BullMQ's production guide. Workers block on Redis and must retry forever
 * (`maxRetriesPerRequest: null`); producers (the api) fail fast so a request never hangs on a
 * Redis that is away.
 */
export function createRedisConnection(url: string, role: 'worker' | 'producer', name?: string): Redis {
  return new Redis(url, redisOptions(role, name));
}

/** ioredis options for a `redis://` or `rediss://` URL, for libraries that make their own connections. */
export function redisOptionsFromUrl(url: string, role: 'worker' | 'producer', name?: string): RedisOptions {
  const parsed = new URL(url);
  const db = Number(parsed.pathname.replace(/^\//, '') || 0);
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    ...redisOptions(role, name),
  };
}

function redisOptions(role: 'worker' | 'producer', name?: string): RedisOptions {
  const common: RedisOptions = {
    connectionName: name,
    retryStrategy: (attempt) => Math.min(200 * 2 ** attempt, 5000),
    lazyConnect: false,
  };
  const options: RedisOptions =
    role === 'worker'
      ? { ...common, maxRetriesPerRequest: null, enableReadyCheck: false }
      : { ...common, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000, commandTimeout: 2000 };
  return options;
}
