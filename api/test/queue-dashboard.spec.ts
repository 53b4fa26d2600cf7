import { ALL_QUEUES } from '@nocturne/queues';
import { randomIp, startTestApp, type TestApp } from '@nocturne/testing';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('queue dashboard', () => {
  let on: TestApp;
  let off: TestApp;

  beforeAll(async () => {
    on = await startTestApp({ QUEUE_DASHBOARD_USER: 'ops', QUEUE_DASHBOARD_PASSWORD: 'night-shift-2026' });
    off = await startTestApp();
  });
  afterAll(async () => {
    await on.close();
    await off.close();
  });

  it('is off (404) unless a user and password are configured', async () => {
    expect((await off.request('GET', '/admin/queues')).status).toBe(404);
  });

  it('asks for basic auth and refuses a wrong password', async () => {
    const anonymous = await on.request('GET', '/admin/queues');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toContain('Basic');
    expect(
      (await on.request('GET', '/admin/queues/api/queues', { headers: { authorization: basic('ops', 'wrong') } })).status,
    ).toBe(401);
  });

  it('throttles wrong passwords per address: past 10, 429 with Retry-After even for the right one', async () => {
    const ip = randomIp();
    const as = (password: string, from = ip) =>
      on.request('GET', '/admin/queues/api/queues', {
        headers: { authorization: basic('ops', password), 'x-forwarded-for': from },
      });
    for (let i = 0; i < 10; i += 1) expect((await as(`guess-${i}`)).status).toBe(401);
    const locked = await as('guess-10');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect((await as('night-shift-2026')).status).toBe(429);
    // Another address is not affected.
    expect((await as('night-shift-2026', randomIp())).status).toBe(200);
  });

  it('shows every queue to the operator', async () => {
    const auth = { authorization: basic('ops', 'night-shift-2026') };
    const page = await on.request('GET', '/admin/queues', { headers: auth });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const api = await on.request('GET', '/admin/queues/api/queues', { headers: auth });
    expect(api.status).toBe(200);
    expect(api.body.queues.map((q: { name: string }) => q.name).sort()).toEqual([...ALL_QUEUES].sort());
  });

  it('exports job counts, finished totals and durations on /metrics', async () => {
    const metrics = await on.request('GET', '/metrics');
    expect(metrics.body).toContain('queue_jobs{queue="activecampaign",state="waiting"}');
    expect(metrics.body).toContain('queue_jobs_finished{queue="email",result="failed"}');
    expect(metrics.body).toContain('queue_job_duration_seconds{queue="email",quantile="0.95"}');
  });
});
