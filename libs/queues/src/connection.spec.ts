import { Cluster, Redis } from 'ioredis';
import { clusterNodes, createRedisConnection } from './connection.js';

describe('Redis connections', () => {
  it('reads REDIS_CLUSTER_NODES as seeds, IPv6 in brackets', () => {
    expect(clusterNodes('10.0.0.1:7000, redis-1.internal:7001,[::1]:7002')).toEqual([
      { host: '10.0.0.1', port: 7000 },
      { host: 'redis-1.internal', port: 7001 },
      { host: '::1', port: 7002 },
    ]);
    expect(clusterNodes(undefined)).toEqual([]);
  });

  it('connects to the cluster when its nodes are set, with REDIS_URL credentials and TLS on every node', () => {
    const single = createRedisConnection({ REDIS_URL: 'redis://127.0.0.1:1' }, 'producer');
    const cluster = createRedisConnection(
      { REDIS_URL: 'rediss://user:s%40cret@ignored:6379/3', REDIS_CLUSTER_NODES: '127.0.0.1:1,127.0.0.1:2' },
      'worker',
    );
    try {
      expect(single).toBeInstanceOf(Redis);
      expect(cluster).toBeInstanceOf(Cluster);
      const options = (cluster as Cluster).options.redisOptions;
      expect(options).toMatchObject({ username: 'user', password: 's@cret', tls: {}, maxRetriesPerRequest: null });
      // A cluster has one database; host and port come from the seeds.
      expect(options).not.toHaveProperty('db');
      expect(options).not.toHaveProperty('host');
    } finally {
      single.disconnect();
      cluster.disconnect();
    }
  });
});
