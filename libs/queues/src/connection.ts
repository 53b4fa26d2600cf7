import { Cluster, Redis, type RedisOptions } from 'ioredis';

/** A connection to one Redis or to a Redis Cluster: every command we use exists on both. */
export type RedisClient = Redis | Cluster;

/** Where Redis is: one server at `REDIS_URL`, or a cluster seeded by `REDIS_CLUSTER_NODES`. */
export interface RedisTarget {
  REDIS_URL: string;
  REDIS_CLUSTER_NODES?: string | undefined;
}

/**
 * Connections per BullMQ's production guide. Workers block on Redis and must retry forever
 * (`maxRetriesPerRequest: null`); producers (the api) fail fast so a request never hangs on a
 * Redis that is away. With `REDIS_CLUSTER_NODES` the connection is an ioredis Cluster seeded by
 * those nodes, each node reached with REDIS_URL's credentials and TLS.
 */
export function createRedisConnection(target: RedisTarget | string, role: 'worker' | 'producer', name?: string): RedisClient {
  const { REDIS_URL: url, REDIS_CLUSTER_NODES: nodes } = typeof target === 'string' ? { REDIS_URL: target } : target;
  const seeds = clusterNodes(nodes);
  if (seeds.length === 0) return new Redis(url, redisOptions(role, name));
  const { host: _host, port: _port, db: _db, ...perNode } = redisOptionsFromUrl(url, role, name);
  return new Cluster(seeds, {
    redisOptions: perNode,
    // Producers fail fast while the cluster re-elects; workers wait for it (BullMQ needs null there).
    enableOfflineQueue: role === 'worker',
    enableReadyCheck: true,
    clusterRetryStrategy: (attempt) => Math.min(200 * 2 ** attempt, 5000),
    // After a failover the old master's slots answer MOVED from the new one: follow quickly.
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 300,
    slotsRefreshTimeout: 2000,
    // rediss:// endpoints present certificates for their own names, not the announced addresses.
    dnsLookup: (address, callback) => callback(null, address),
  });
}

/** `host:port,host:port` as ioredis Cluster seeds (IPv6 in brackets: `[::1]:7000`). */
export function clusterNodes(list: string | undefined): { host: string; port: number }[] {
  if (!list) return [];
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.lastIndexOf(':');
      return { host: entry.slice(0, at).replace(/^\[|\]$/g, ''), port: Number(entry.slice(at + 1)) };
    });
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

/**
 * A BullMQ `connection`: plain options for one Redis (BullMQ makes and closes its own connections),
 * a Cluster instance with REDIS_CLUSTER_NODES (BullMQ cannot make one from options; the caller
 * disconnects it when the queue closes).
 */
export function bullmqConnection(
  target: RedisTarget,
  role: 'worker' | 'producer',
  name: string,
): { connection: RedisOptions | Cluster; owned?: Cluster } {
  if (clusterNodes(target.REDIS_CLUSTER_NODES).length === 0) {
    return { connection: redisOptionsFromUrl(target.REDIS_URL, role, name) };
  }
  const cluster = createRedisConnection(target, role, name) as Cluster;
  return { connection: cluster, owned: cluster };
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
