import { createRedisConnection, type RedisClient } from '@nocturne/queues';
import { testRedisPrefix } from '@nocturne/testing';
import { RequestPacer } from '#activecampaign/request-pacer.js';

let redis: RedisClient;

beforeAll(() => {
  redis = createRedisConnection(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', 'worker', 'pacer-test');
});
afterAll(() => redis.disconnect());

describe('RequestPacer', () => {
  it('counts a request until a window after it finished, so a slow request cannot let a burst through', async () => {
    const pacer = new RequestPacer(redis, `${testRedisPrefix('pacer')}:requests`, { max: 2, windowMs: 200, inFlightMs: 5_000 });
    const started = Date.now();
    const first = await pacer.acquire();
    const second = await pacer.acquire();
    await second.release();
    // The first request is still in flight after 500 ms: it still counts, so the third waits for the second's window.
    setTimeout(() => void first.release(), 500);
    await pacer.acquire();
    const third = Date.now() - started;
    expect(third).toBeGreaterThanOrEqual(200);
    expect(third).toBeLessThan(450);
    // The fourth needs a permit freed: the first finished at 500 ms, so not before 700 ms.
    await pacer.acquire();
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
  });

  it('frees the permit of a holder that died after inFlightMs', async () => {
    const pacer = new RequestPacer(redis, `${testRedisPrefix('pacer')}:requests`, { max: 1, windowMs: 100, inFlightMs: 300 });
    const started = Date.now();
    await pacer.acquire(); // never released
    await pacer.acquire();
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });
});
