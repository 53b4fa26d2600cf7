import { ALL_QUEUES } from '@nocturne/queues';
import { startTestApp, type TestApp } from './support/test-app.js';

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
    expect((await on.request('GET', '/admin/queues/api/queues', { headers: { authorization: basic('ops', 'wrong') } })).status).toBe(401);
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
