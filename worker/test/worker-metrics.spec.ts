import { loadConfig, workerEnvSchema } from '@nocturne/config';
import { ActiveCampaignStub, testRedisPrefix } from '@nocturne/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ActiveCampaignClient } from '../src/activecampaign/activecampaign.client.js';
import { Mailer } from '../src/mail/mailer.js';
import { MetricsServer } from '../src/metrics/metrics-server.js';
import { activeCampaignRequests, emailSends } from '../src/metrics/worker-metrics.js';

// The counters the alert rules in deploy/observability read: they must move with what happens.
const count = async (counter: typeof emailSends | typeof activeCampaignRequests, result: string) =>
  (await counter.get()).values.find((value) => value.labels['result'] === result)?.value ?? 0;

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const config = (overrides: Record<string, string>) =>
  loadConfig(workerEnvSchema, {
    LOG_LEVEL: 'silent',
    REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: testRedisPrefix('worker-metrics'),
    ...overrides,
  });

describe('worker metrics', () => {
  it('counts e-mail sends that went out and sends that failed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'nocturne-mail-'));
    try {
      const [sent, failed] = [await count(emailSends, 'sent'), await count(emailSends, 'failed')];
      await new Mailer(config({ MAIL_DIR: dir })).send({ to: 'guest@example.com', subject: 'Hi', text: 'Hello' });
      expect(await count(emailSends, 'sent')).toBe(sent + 1);
      const down = new Mailer(config({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` }));
      await expect(down.send({ to: 'guest@example.com', subject: 'Hi', text: 'Hello' })).rejects.toThrow();
      expect(await count(emailSends, 'failed')).toBe(failed + 1);
      expect(await count(emailSends, 'sent')).toBe(sent + 1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('counts ActiveCampaign answers by result: ok, rate_limited (429), rejected (4xx), error (5xx)', async () => {
    const stub = await ActiveCampaignStub.start();
    const client = new ActiveCampaignClient(config({ AC_API_URL: stub.url, AC_API_KEY: stub.apiToken }));
    try {
      const before = Object.fromEntries(
        await Promise.all(
          ['ok', 'rate_limited', 'rejected', 'error'].map(async (r) => [r, await count(activeCampaignRequests, r)]),
        ),
      );
      const contact = (email: string) => ({ email, firstName: 'Ada', lastName: 'Night', fieldValues: [], subscribed: false });
      await client.syncContact(contact('ok@example.com'));
      await client.syncContact(contact('not an email')).catch(() => undefined);
      stub.failFor(429, 300);
      await client.syncContact(contact('limited@example.com')).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      stub.failFor(503, 300);
      await client.syncContact(contact('down@example.com')).catch(() => undefined);
      for (const result of ['ok', 'rate_limited', 'rejected', 'error']) {
        expect({ result, added: (await count(activeCampaignRequests, result)) - before[result] }).toEqual({ result, added: 1 });
      }
    } finally {
      await client.onApplicationShutdown();
      await stub.close();
    }
  });
});

describe("the worker's /metrics listener", () => {
  const METRICS_TOKEN = 'scrape-the-worker-with-this-2026';
  let server: MetricsServer;
  const get = (path: string, authorization?: string) =>
    fetch(`http://127.0.0.1:${server.port}${path}`, { headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    server = new MetricsServer(config({ WORKER_METRICS_PORT: '0', WORKER_METRICS_HOST: '127.0.0.1', METRICS_TOKEN }));
    await server.onApplicationBootstrap();
  });
  afterAll(async () => {
    await server.onApplicationShutdown();
  });

  it.each([
    ['no token', undefined],
    ['a wrong token', 'Bearer not-the-metrics-token-at-all'],
    ['the token without Bearer', METRICS_TOKEN],
    ['a prefix of the token', `Bearer ${METRICS_TOKEN.slice(0, -1)}`],
  ])('answers 401 for %s with METRICS_TOKEN set, with no metric in the body', async (_, authorization) => {
    const answer = await get('/metrics', authorization);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await answer.text()).not.toContain('email_sends_total');
  });

  it('answers the metrics to the same bearer token as the api', async () => {
    const answer = await get('/metrics', `Bearer ${METRICS_TOKEN}`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('email_sends_total');
  });

  it('leaves the liveness probe open (the kubelet sends no token)', async () => {
    expect((await get('/health/live')).status).toBe(200);
  });
});
