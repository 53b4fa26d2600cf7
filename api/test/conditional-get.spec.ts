import {
  clearOfEtagClockTick,
  TcpProxy,
  waitFor,
  randomIp,
  registerAdmin,
  registerMember,
  startTestApp,
  testEnv,
  type TestApp,
} from '@nocturne/testing';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ResourceVersions } from '../src/infrastructure/versions/resource-versions.js';
import { createCoupon, fund } from './support/coupon-fixtures.js';
import { createPost } from './support/news-fixtures.js';

// Polling (issue: the SPA polls, and polling costs almost nothing): every polled GET carries a weak
// ETag and `Cache-Control: private, no-cache`; a matching If-None-Match gets an empty 304 without a
// database round trip; every write that changes an answer changes its ETag, on every replica.

let proxy: TcpProxy;
let a: TestApp;
let b: TestApp;
let admin: { sessionId: string; user: { id: string } };
let member: { sessionId: string; user: { id: string } };
let shared: Awaited<ReturnType<typeof testEnv>>;

beforeAll(async () => {
  shared = await testEnv();
  // Both replicas reach PostgreSQL through a proxy that can add latency: a 304 must not wait for it.
  proxy = TcpProxy.forUrl(shared.env['DATABASE_URL']!);
  await proxy.start();
  shared.env['DATABASE_URL'] = proxy.urlFor(shared.env['DATABASE_URL']!);
  a = await startTestApp({}, shared);
  b = await startTestApp({}, shared);
  await Promise.all([a.app.get(ResourceVersions).whenReady(), b.app.get(ResourceVersions).whenReady()]);
  admin = await registerAdmin(a);
  member = await registerMember(a);
  await fund(a, member.user.id, 500);
});
afterAll(async () => {
  await b.app.close();
  await b.sql.end();
  await a.close();
  await proxy.stop();
}, 120_000);

const get = (t: TestApp, path: string, token: string, etag?: string) =>
  t.request('GET', path, { token, headers: etag ? { 'if-none-match': etag } : {} });

/** The current ETag of `path` on replica `t`, once it answers 200 with one. */
async function etagOf(t: TestApp, path: string, token: string): Promise<string> {
  const answer = await get(t, path, token);
  expect(answer.status).toBe(200);
  const etag = answer.headers.get('etag');
  expect(etag).toMatch(/^W\/"[\w-]+"$/);
  return etag!;
}

/** Waits (at most a second: the budget for reaching every replica) until `etag` no longer answers 304. */
async function expectChanged(t: TestApp, path: string, token: string, etag: string) {
  const answer = await waitFor(
    async () => {
      const now = await get(t, path, token, etag);
      return now.status === 200 ? now : null;
    },
    { timeoutMs: 1000, intervalMs: 25, what: `${path} to change` },
  );
  expect(answer.headers.get('etag')).not.toBe(etag);
  return answer;
}

const MEMBER_PATHS = ['/api/news', '/api/coupons', '/api/coupons/my', '/api/points/history', '/api/auth/me'];
const ADMIN_PATHS = [
  '/api/admin/users',
  '/api/admin/stats',
  '/api/admin/coupons',
  '/api/admin/scans',
  '/api/admin/bookings',
  '/api/admin/contact-messages',
];

describe('conditional GETs', () => {
  it.each([...MEMBER_PATHS.map((p) => [p, 'member']), ...ADMIN_PATHS.map((p) => [p, 'admin'])])(
    '%s answers 304 with no body to its own ETag',
    async (path, who) => {
      const token = who === 'admin' ? admin.sessionId : member.sessionId;
      await clearOfEtagClockTick();
      const first = await get(a, path, token);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('private, no-cache');
      expect(first.headers.get('vary')).toMatch(/authorization/i);
      const etag = first.headers.get('etag')!;
      const again = await get(a, path, token, etag);
      expect(again.status).toBe(304);
      expect(again.body).toBeUndefined();
      expect(again.headers.get('etag')).toBe(etag);
      // A list of validators, weak or strong, matches too; a different one does not.
      expect((await get(a, path, token, `"nope", ${etag.replace(/^W\//, '')}`)).status).toBe(304);
      expect((await get(a, path, token, 'W/"nope"')).status).toBe(200);
    },
  );

  it('never answers one member with an ETag another member earned', async () => {
    const other = await registerMember(a);
    const etag = await etagOf(a, '/api/coupons/my', member.sessionId);
    expect((await get(a, '/api/coupons/my', other.sessionId, etag)).status).toBe(200);
  });

  it('still refuses a request without a session, ETag or not', async () => {
    const etag = await etagOf(a, '/api/news', member.sessionId);
    expect((await a.request('GET', '/api/news', { headers: { 'if-none-match': etag } })).status).toBe(401);
  });

  it('answers 304 without waiting for PostgreSQL', async () => {
    const etag = await etagOf(a, '/api/news', member.sessionId);
    await etagOf(a, '/api/coupons/my', member.sessionId);
    proxy.setDelay(400);
    try {
      let started = Date.now();
      expect((await get(a, '/api/news', member.sessionId, etag)).status).toBe(304);
      const notModifiedMs = Date.now() - started;
      started = Date.now();
      expect((await get(a, '/api/news', member.sessionId)).status).toBe(200);
      const fullMs = Date.now() - started;
      expect(fullMs).toBeGreaterThanOrEqual(400);
      expect(notModifiedMs).toBeLessThan(200);
    } finally {
      proxy.setDelay(0);
    }
  });
});

describe('every write that changes an answer changes its ETag, on both replicas', () => {
  it('a published post changes the feed', async () => {
    const before = [await etagOf(a, '/api/news', member.sessionId), await etagOf(b, '/api/news', member.sessionId)];
    const post = await createPost(a, admin.sessionId, { title: 'Late show added' });
    for (const [i, t] of [a, b].entries()) {
      const answer = await expectChanged(t, '/api/news', member.sessionId, before[i]!);
      expect((answer.body as { posts: { id: string }[] }).posts.map((p) => p.id)).toContain(post.id);
    }
  });

  it("a like and a comment change the feed and the post's comments", async () => {
    const post = await createPost(a, admin.sessionId);
    const feed = await etagOf(b, '/api/news', member.sessionId);
    expect((await a.request('PUT', `/api/news/${post.id}/like`, { token: member.sessionId })).status).toBe(200);
    const liked = await expectChanged(b, '/api/news', member.sessionId, feed);
    expect((liked.body as { posts: { id: string; likedByMe: boolean }[] }).posts.find((p) => p.id === post.id)?.likedByMe).toBe(
      true,
    );

    const commentsPath = `/api/news/${post.id}/comments`;
    const comments = await etagOf(b, commentsPath, member.sessionId);
    const other = await registerMember(a);
    expect((await a.request('POST', commentsPath, { token: other.sessionId, body: { content: 'See you there' } })).status).toBe(
      201,
    );
    const answer = await expectChanged(b, commentsPath, member.sessionId, comments);
    expect((answer.body as { comments: { content: string }[] }).comments.map((c) => c.content)).toEqual(['See you there']);
  });

  it('renaming a member changes the comments that show their name', async () => {
    const post = await createPost(a, admin.sessionId);
    const path = `/api/news/${post.id}/comments`;
    await a.request('POST', path, { token: member.sessionId, body: { content: 'Great night' } });
    const etag = await etagOf(b, path, admin.sessionId);
    await a.sql.query("update members set first_name = 'Renamed' where id = $1", [member.user.id]);
    await expectChanged(b, path, admin.sessionId, etag);
  });

  it("a claim changes the member's coupons, points and balance, and everyone's coupon list", async () => {
    const coupon = await createCoupon(a, admin.sessionId, { pointsCost: 50 });
    const paths = ['/api/coupons/my', '/api/points/history', '/api/auth/me', '/api/coupons'];
    const before = await Promise.all(paths.map((p) => etagOf(b, p, member.sessionId)));
    const bystander = await registerMember(a);
    const bystanderCoupons = await etagOf(b, '/api/coupons', bystander.sessionId);
    const adminCoupons = await etagOf(b, '/api/admin/coupons', admin.sessionId);
    const balance = ((await get(b, '/api/auth/me', member.sessionId)).body as { currentPoints: number }).currentPoints;

    expect((await a.request('POST', `/api/coupons/${coupon.id}/claim`, { token: member.sessionId })).status).toBe(201);
    for (const [i, path] of paths.entries()) await expectChanged(b, path, member.sessionId, before[i]!);
    const me = await get(b, '/api/auth/me', member.sessionId);
    expect((me.body as { currentPoints: number }).currentPoints).toBe(balance - 50);
    await expectChanged(b, '/api/coupons', bystander.sessionId, bystanderCoupons);
    await expectChanged(b, '/api/admin/coupons', admin.sessionId, adminCoupons);
  });

  it('a new coupon changes the coupon list; an unrelated member write does not', async () => {
    await clearOfEtagClockTick();
    const etag = await etagOf(b, '/api/coupons', member.sessionId);
    const stranger = await registerMember(a);
    await fund(a, stranger.user.id, 10);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await get(b, '/api/coupons', member.sessionId, etag)).status).toBe(304);
    await createCoupon(a, admin.sessionId);
    await expectChanged(b, '/api/coupons', member.sessionId, etag);
  });

  it('a booking and a contact message change the admin inboxes and overview', async () => {
    const bookings = await etagOf(b, '/api/admin/bookings', admin.sessionId);
    const messages = await etagOf(b, '/api/admin/contact-messages', admin.sessionId);
    const stats = await etagOf(b, '/api/admin/stats', admin.sessionId);
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const booking = await a.request('POST', '/api/bookings', {
      headers: { 'x-forwarded-for': randomIp() },
      body: {
        name: 'Sam Lee',
        email: 'sam@example.com',
        phone: '0400 000 000',
        date,
        time: '22:00',
        guests: '4',
        service: 'vip-room',
        message: '',
        fillMs: 4200,
      },
    });
    expect(booking.status).toBe(201);
    await expectChanged(b, '/api/admin/bookings', admin.sessionId, bookings);
    await expectChanged(b, '/api/admin/stats', admin.sessionId, stats);
    const contact = await a.request('POST', '/api/contact', {
      headers: { 'x-forwarded-for': randomIp() },
      body: { name: 'Sam Lee', email: 'sam@example.com', message: 'Is there parking nearby?' },
    });
    expect(contact.status).toBe(202);
    await expectChanged(b, '/api/admin/contact-messages', admin.sessionId, messages);
  });
});

describe('a bulk change of many members', () => {
  it("names them all as member:* and account:* in one small log row, and every member's answers change on both replicas", async () => {
    const path = '/api/points/history';
    const before = [await etagOf(a, path, member.sessionId), await etagOf(b, path, member.sessionId)];
    // A backfill of 1,500 members in one statement (a migration, an import).
    await a.sql.query(
      `insert into members (email, first_name, last_name, password_hash)
       select 'bulk-' || n || '-' || $1 || '@example.com', 'Bulk', 'Member ' || n, 'not-a-hash' from generate_series(1, 1500) n`,
      [Date.now()],
    );
    const logged = await a.sql.query<{ scopes: string[] }>(
      'select scopes from resource_version_log order by version desc limit 1',
    );
    expect(logged.rows[0]!.scopes).toEqual(['account:*', 'member:*', 'members']);
    // The member was not in the statement, but a bulk change reads as every member's: a full
    // answer (once), never a 304 that could hide a change.
    await expectChanged(a, path, member.sessionId, before[0]!);
    await expectChanged(b, path, member.sessionId, before[1]!);
    const after = await etagOf(a, path, member.sessionId);
    expect((await get(a, path, member.sessionId, after)).status).toBe(304);
    // And sessions cached before it are read again, not trusted: the member is still signed in.
    expect((await get(b, '/api/auth/me', member.sessionId)).status).toBe(200);
  });
});

describe('sessions served from memory', () => {
  it('a signed-out session is refused at once on its replica and within a second on the other', async () => {
    const someone = await registerMember(a);
    expect((await get(a, '/api/auth/me', someone.sessionId)).status).toBe(200);
    expect((await get(b, '/api/auth/me', someone.sessionId)).status).toBe(200);
    expect((await a.request('POST', '/api/auth/logout', { token: someone.sessionId })).status).toBe(200);
    expect((await get(a, '/api/auth/me', someone.sessionId)).status).toBe(401);
    await waitFor(async () => (await get(b, '/api/auth/me', someone.sessionId)).status === 401, {
      timeoutMs: 1000,
      intervalMs: 25,
      what: 'replica b to refuse',
    });
  });

  it('a session revoked behind the api (another replica, a script) is refused within a second', async () => {
    const someone = await registerMember(a);
    expect((await get(b, '/api/auth/me', someone.sessionId)).status).toBe(200);
    await a.sql.query('update sessions set revoked_at = now() where member_id = $1', [someone.user.id]);
    await waitFor(async () => (await get(b, '/api/auth/me', someone.sessionId)).status === 401, {
      timeoutMs: 1000,
      intervalMs: 25,
      what: 'the revoked session to be refused',
    });
  });

  it('while the version listener is away there are no 304s and sessions are read from the database', async () => {
    const etag = await etagOf(a, '/api/news', member.sessionId);
    const someone = await registerMember(a);
    expect((await get(a, '/api/auth/me', someone.sessionId)).status).toBe(200);
    const versions = a.app.get(ResourceVersions);
    // The listeners' connections die (a failover, a restart of PostgreSQL's side of them).
    await a.sql.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'nocturne-versions' and datname = current_database()",
    );
    await waitFor(() => !versions.ready, { timeoutMs: 2000, what: 'the listener to notice' });
    expect((await get(a, '/api/news', member.sessionId, etag)).status).toBe(200);
    // Revoked while the replica may not hear of it: its session cache must not vouch for it.
    await a.sql.query('update sessions set revoked_at = now() where member_id = $1', [someone.user.id]);
    expect((await get(a, '/api/auth/me', someone.sessionId)).status).toBe(401);
    await versions.whenReady(5000);
    expect((await get(a, '/api/auth/me', someone.sessionId)).status).toBe(401);
    // Versions reloaded: the ETag of an unchanged answer is the same again.
    expect((await get(a, '/api/news', member.sessionId, etag)).status).toBe(304);
  });
});

describe('the version log', () => {
  it('folds into one row per scope; a replica started afterwards serves the same 304s', async () => {
    const etag = await etagOf(a, '/api/coupons/my', member.sessionId);
    await a.sql.query("update resource_version_log set logged_at = now() - interval '2 minutes'");
    expect(await a.app.get(ResourceVersions).compact()).toBeGreaterThan(0);
    expect((await a.sql.query('select count(*)::int as n from resource_version_log')).rows[0].n).toBe(0);
    const late = await startTestApp({}, shared);
    try {
      await late.app.get(ResourceVersions).whenReady();
      expect((await get(late, '/api/coupons/my', member.sessionId, etag)).status).toBe(304);
    } finally {
      await late.app.close();
      await late.sql.end();
    }
  });
});

/** A free loopback port. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a second api process', () => {
  it('sees a write made through the first within a second', async () => {
    const port = await freePort();
    const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');
    const child = spawn(process.execPath, [main], {
      env: { ...process.env, ...shared.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: 'ignore',
    });
    const other = `http://127.0.0.1:${port}`;
    const ask = (etag?: string) =>
      fetch(`${other}/api/news`, {
        headers: { authorization: `Bearer ${member.sessionId}`, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    try {
      await waitFor(async () => (await fetch(`${other}/health/live`)).ok, { timeoutMs: 20_000, what: 'the second api process' });
      // Its listener is up once it answers 304 to its own ETag.
      const etag = await waitFor(
        async () => {
          const tag = (await ask()).headers.get('etag');
          return tag && (await ask(tag)).status === 304 ? tag : null;
        },
        { timeoutMs: 10_000, what: 'a 304 from the second process' },
      );
      await createPost(a, admin.sessionId, { title: 'Seen by every process' });
      const started = Date.now();
      await waitFor(async () => (await ask(etag)).status === 200, {
        timeoutMs: 1000,
        intervalMs: 20,
        what: 'the second process to see the post',
      });
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    }
  });
});
