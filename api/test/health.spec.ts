import { settleWithin, TcpProxy, waitFor, startTestApp, type TestApp, testEnv } from '@nocturne/testing';

let t: TestApp;
let redisProxy: TcpProxy;
let postgresProxy: TcpProxy;

beforeAll(async () => {
  const base = await testEnv();
  redisProxy = TcpProxy.forUrl(base.env['REDIS_URL']!);
  postgresProxy = TcpProxy.forUrl(base.db.url);
  await Promise.all([redisProxy.start(), postgresProxy.start()]);
  t = await startTestApp(
    { REDIS_URL: redisProxy.urlFor(base.env['REDIS_URL']!), DATABASE_URL: postgresProxy.urlFor(base.db.url) },
    base,
  );
});
// Closing after the proxies were cut and restored can stall for minutes on a loaded CI machine
// (a cause not yet found; it takes 0.1-0.3 s here): each step is waited for at most 40 s, and one
// still pending is named in the log, with what the process holds open, instead of failing the file.
afterAll(async () => {
  await settleWithin('closing the app', t.app.close(), 40_000);
  await settleWithin("ending the test's pool", t.sql.end(), 10_000);
  await settleWithin('dropping the database', t.db.drop(), 40_000);
  await settleWithin('stopping the proxies', Promise.all([redisProxy.stop(), postgresProxy.stop()]), 10_000);
}, 120_000);

const readiness = async () => (await t.request('GET', '/health/ready')).status;

describe('health', () => {
  it('is live and ready while PostgreSQL and Redis answer', async () => {
    expect((await t.request('GET', '/health/live')).status).toBe(200);
    const ready = await t.request('GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.info).toMatchObject({ database: { status: 'up' }, redis: { status: 'up' } });
  });

  it.each([
    ['Redis', () => redisProxy, 'redis'],
    ['PostgreSQL', () => postgresProxy, 'database'],
  ])('goes to 503 within 5 s when %s stops, and back to 200 when it returns', async (_, proxy, key) => {
    proxy().cut();
    const cutAt = Date.now();
    await waitFor(async () => (await readiness()) === 503, { timeoutMs: 5000, what: 'readiness 503' });
    expect(Date.now() - cutAt).toBeLessThan(5000);
    const down = await t.request('GET', '/health/ready');
    expect(down.body.message).toContain(key);
    expect(down.body.issues).toEqual([{ path: key, message: expect.stringMatching(/^down: /) }]);
    proxy().restore();
    await waitFor(async () => (await readiness()) === 200, { timeoutMs: 15_000, what: 'readiness 200 again' });
  });

  it('answers requests that need PostgreSQL with 503 while it is away, and recovers by itself', async () => {
    const member = await t.request('POST', '/api/auth/login', {
      body: { email: 'nobody@example.com', password: 'whatever-it-is' },
    });
    expect(member.status).toBe(401);
    postgresProxy.cut();
    const started = Date.now();
    const during = await t.request('POST', '/api/auth/login', {
      body: { email: 'nobody@example.com', password: 'whatever-it-is' },
    });
    expect(during.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(during.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    postgresProxy.restore();
    await waitFor(
      async () =>
        (await t.request('POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'whatever-it-is' } }))
          .status === 401,
      {
        timeoutMs: 15_000,
        what: 'login to work again',
      },
    );
  });

  it('exports Prometheus metrics with HTTP latency by route', async () => {
    await t.request('GET', '/api/openapi.json');
    const metrics = await t.request('GET', '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    expect(metrics.body).toContain('http_request_duration_seconds_bucket');
    expect(metrics.body).toMatch(/route="\/api\/openapi.json"/);
    expect(metrics.body).toMatch(/queue_jobs\{queue="email",state="waiting"\}/);
  });
});
