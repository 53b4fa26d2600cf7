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
    const pacer = new RequestPacer(redis, `${testRedisPrefix('pacer')}:requests`, { max: 2, windowMs: 200, inFlightMs: 10_000 });
    const started = Date.now();
    const first = await pacer.acquire();
    const second = await pacer.acquire();
    await second.release();
    // The second finished: its permit frees a window later, while the first is still in flight.
    await pacer.acquire();
    const third = Date.now() - started;
    expect(third).toBeGreaterThanOrEqual(200);
    // Far below inFlightMs: the third did not wait for the first's permit to expire.
    expect(third).toBeLessThan(5_000);
    // The fourth needs the first's permit, which counts while its request is in flight...
    let fourthAt = 0;
    const fourth = pacer.acquire().then(() => (fourthAt = Date.now()));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fourthAt).toBe(0);
    // ...and for a window after it finished.
    const finished = Date.now();
    await first.release();
    await fourth;
    expect(fourthAt - finished).toBeGreaterThanOrEqual(200);
  });

  it('frees the permit of a holder that died after inFlightMs', async () => {
    const pacer = new RequestPacer(redis, `${testRedisPrefix('pacer')}:requests`, { max: 1, windowMs: 100, inFlightMs: 300 });
    const started = Date.now();
    await pacer.acquire(); // never released
    await pacer.acquire();
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });
});
