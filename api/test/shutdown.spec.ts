import { TcpProxy, startTestApp, testEnv, waitFor } from '@nocturne/testing';

/** ioredis retries a lost connection at most this far apart (libs/queues' retryStrategy). */
const LONGEST_RETRY_MS = 5000;

// A rollout while Redis is unreachable: the api stops in a few seconds, as it does with Redis up,
// and once stopped nothing of it keeps dialling Redis (a process that lingers, or a test harness
// that closes an app and carries on, would otherwise retry for ever).
describe('stopping the api while Redis is unreachable', () => {
  it.each([
    ['refuses connections', (proxy: TcpProxy) => proxy.cut()],
    ['takes connections but never answers', (proxy: TcpProxy) => proxy.setDelay(10 * 60_000)],
  ])(
    'stops within 5 s when Redis %s, and leaves no connection retrying',
    async (_, breakRedis) => {
      const base = await testEnv();
      const redisProxy = TcpProxy.forUrl(base.env['REDIS_URL']!);
      await redisProxy.start();
      const t = await startTestApp({ REDIS_URL: redisProxy.urlFor(base.env['REDIS_URL']!) }, base);
      try {
        breakRedis(redisProxy);
        await waitFor(async () => (await t.request('GET', '/health/ready')).status === 503, {
          timeoutMs: 10_000,
          what: 'readiness to report Redis down',
        });
        const started = Date.now();
        await t.app.close();
        expect(Date.now() - started).toBeLessThan(5000);

        redisProxy.cut();
        const attemptsWhenStopped = redisProxy.attempts;
        await new Promise((resolve) => setTimeout(resolve, LONGEST_RETRY_MS + 2000));
        expect(redisProxy.attempts).toBe(attemptsWhenStopped);
      } finally {
        await t.sql.end();
        await t.db.drop();
        await redisProxy.stop();
      }
    },
    60_000,
  );
});
