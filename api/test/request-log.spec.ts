import {
  createTestDatabase,
  freeLoopbackPort,
  type ServiceProcess,
  startServiceProcess,
  testRedisPrefix,
  type TestDatabase,
  totpCode,
} from '@nocturne/testing';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The built api as it runs in production, its stdout read as an operator's log collector reads it:
// one JSON line per request a person or a browser made, none for health checks and scrapes, and a
// line when it stops.
const ADMIN = { email: 'night-manager@club.example', password: 'queue-dashboard-password-2026' };

let db: TestDatabase;
let api: ServiceProcess;
let baseUrl: string;
let dist: string;

beforeAll(async () => {
  db = await createTestDatabase('request_log');
  dist = mkdtempSync(path.join(os.tmpdir(), 'nocturne-request-log-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root">landing</div>');
  writeFileSync(path.join(dist, 'app.html'), '<!doctype html><div id="root"></div>');
  const port = await freeLoopbackPort();
  baseUrl = `http://127.0.0.1:${port}`;
  api = startServiceProcess('api/dist/main.js', {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: db.url,
    REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: testRedisPrefix('request-log'),
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_DIST_DIR: dist,
    MAIL_DIR: path.join(dist, 'mail'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  await api.waitForLine((line) => line.includes('api listening on'), 'the api to listen');
});
afterAll(async () => {
  await api?.stop('SIGKILL');
  await db?.drop();
  rmSync(dist, { recursive: true, force: true });
});

/** Sends a request tagged with its own X-Request-Id (the id the log line carries) and answers both. */
async function send(pathname: string, init: RequestInit = {}): Promise<{ id: string; status: number }> {
  const id = randomUUID();
  const answer = await fetch(`${baseUrl}${pathname}`, { ...init, headers: { ...init.headers, 'x-request-id': id } });
  await answer.arrayBuffer();
  return { id, status: answer.status };
}

const parsed = () => api.stdout().map((line) => JSON.parse(line) as Record<string, any>);
const linesOf = (id: string) => parsed().filter((line) => line['req']?.id === id);

describe('the api log', () => {
  it('writes one JSON line per request (api routes, SPA pages and files, the queue dashboard, 404s) and one per queue dashboard sign-in', async () => {
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { sessionId, user } = (await login.json()) as { sessionId: string; user: { id: string } };
    // An admin's session must enrol a second factor before anything else: an authenticator app.
    const authorised = { authorization: `Bearer ${sessionId}`, 'content-type': 'application/json' };
    const started = (await (
      await fetch(`${baseUrl}/api/auth/2fa/totp`, { method: 'POST', headers: authorised, body: '{}' })
    ).json()) as {
      secret: string;
    };
    const confirmed = await fetch(`${baseUrl}/api/auth/2fa/totp/confirm`, {
      method: 'POST',
      headers: authorised,
      body: JSON.stringify({ code: await totpCode(started.secret) }),
    });
    expect(confirmed.status).toBe(200);
    const pass = await fetch(`${baseUrl}/api/admin/queue-dashboard/pass`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sessionId}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(pass.status).toBe(200);
    const cookie = pass.headers.get('set-cookie')!.split(';')[0]!;
    const sent = [
      { what: 'an api route', ...(await send('/api/venue')) },
      { what: 'an unknown api route', ...(await send('/api/no-such-route')) },
      {
        what: 'a refused body',
        ...(await send('/api/contact', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } })),
      },
      { what: 'the landing page', ...(await send('/')) },
      { what: 'an app page', ...(await send('/members-login?next=%2Fmember-dashboard')) },
      { what: 'a missing file', ...(await send('/assets/missing-0000.js')) },
      { what: 'the queue dashboard unsigned', ...(await send('/admin/queues', { redirect: 'manual' })) },
      {
        what: 'a wrong dashboard pass',
        ...(await send('/admin/queues/manage/api/queues', { headers: { cookie: `nocturne_queues=${'x'.repeat(43)}` } })),
      },
      { what: 'the queue dashboard signed in', ...(await send('/admin/queues/manage/', { headers: { cookie } })) },
    ];
    expect(sent.map(({ what, status }) => ({ what, status }))).toEqual([
      { what: 'an api route', status: 200 },
      { what: 'an unknown api route', status: 404 },
      { what: 'a refused body', status: 400 },
      { what: 'the landing page', status: 200 },
      { what: 'an app page', status: 200 },
      { what: 'a missing file', status: 404 },
      { what: 'the queue dashboard unsigned', status: 303 },
      { what: 'a wrong dashboard pass', status: 401 },
      { what: 'the queue dashboard signed in', status: 200 },
    ]);
    // A line is written once the answer has gone out: wait for the last one.
    await api.waitForLine((line) => line.includes(sent.at(-1)!.id), 'the last request line');
    for (const { what, id, status } of sent) {
      const lines = linesOf(id);
      expect({ what, count: lines.length }).toEqual({ what, count: 1 });
      expect(lines[0]).toMatchObject({ level: 30, msg: 'request completed', res: { statusCode: status } });
      expect(typeof lines[0]!['responseTime']).toBe('number');
      expect(lines[0]!['req']).toEqual({
        id,
        method: expect.any(String),
        url: expect.stringMatching(/^\//),
        route: expect.any(String),
        remoteAddress: '127.0.0.1',
      });
    }
    // Each sign-in to the queue dashboard: who, with which role, which board, from where.
    expect(parsed().filter((line) => line['event'] === 'queue_dashboard.sign_in')).toEqual([
      expect.objectContaining({
        level: 30,
        context: 'QueueDashboard',
        memberId: user.id,
        role: 'admin',
        readOnly: false,
        ip: '127.0.0.1',
        msg: `queue dashboard opened by admin ${user.id}`,
      }),
    ]);
    // What identifies the request, never its headers: no credentials reach the log.
    const log = api.stdout().join('\n');
    expect(log).not.toContain(sessionId);
    expect(log).not.toContain(cookie.split('=')[1]);
  });

  it('writes nothing for health checks and metrics scrapes, however often they come', async () => {
    const probes = [];
    for (let round = 0; round < 3; round += 1)
      for (const pathname of ['/health/live', '/health/ready', '/metrics']) probes.push(await send(pathname));
    expect(probes.map((probe) => probe.status)).toEqual(Array(9).fill(200));
    const marker = await send('/api/venue');
    await api.waitForLine((line) => line.includes(marker.id), 'the marker request line');
    for (const probe of probes) expect(linesOf(probe.id)).toEqual([]);
    const urls = parsed().flatMap((line) => line['req']?.url ?? []);
    expect(urls.filter((url: string) => /^\/(health|metrics)/.test(url))).toEqual([]);
  });

  it('keeps scrapes and health checks out of the latency metric, while real requests are in it', async () => {
    const metrics = await (await fetch(`${baseUrl}/metrics`)).text();
    const routes = new Set(
      [...metrics.matchAll(/^http_request_duration_seconds_count\{[^}]*route="([^"]*)"/gm)].map((match) => match[1]),
    );
    expect([...routes].sort()).toEqual(expect.arrayContaining(['/api/venue', 'spa', '/admin/queues']));
    expect([...routes].filter((route) => /^\/(health|metrics)/.test(route!))).toEqual([]);
  });

  it('says when it stops, and every line it wrote is JSON', async () => {
    const exit = await api.stop('SIGTERM');
    expect(exit).toEqual({ code: 0, signal: null });
    const lines = parsed(); // throws on any line that is not JSON
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.slice(-2)).toEqual([
      expect.objectContaining({ level: 30, context: 'Shutdown', signal: 'SIGTERM', msg: expect.stringMatching(/^api stopping/) }),
      expect.objectContaining({ level: 30, context: 'Shutdown', msg: 'api stopped', shutdownMs: expect.any(Number) }),
    ]);
    expect(api.stderr()).toBe('');
  });
});
