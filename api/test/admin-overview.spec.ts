import {
  createCoupon,
  registerAdmin,
  registerMember,
  runLedgerVerify,
  startTestApp,
  TcpProxy,
  type TestApp,
  testEnv,
} from '@nocturne/testing';
import { clubNightOf } from '@nocturne/domain';
import { redisOptionsFromUrl } from '@nocturne/queues';
import { type ConnectionOptions, Worker } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { QueueRegistry } from '../src/infrastructure/queues/queue-registry.js';
import { createPost } from './support/news-fixtures.js';

let t: TestApp;
let adminToken: string;

const overview = (query = '', token = adminToken) => t.request('GET', `/api/admin/overview${query}`, { token });

/**
 * A member who joined at `at` with the welcome bonus, written as the product writes it (the ledger
 * row and the cached balance together), and a comment of theirs at the same instant.
 */
async function joinedAt(at: string, label: string): Promise<string> {
  const client = await t.sql.connect();
  try {
    await client.query('begin');
    const member = await client.query<{ id: string }>(
      `insert into members (email, first_name, password_hash, current_points, total_points, created_at)
       values ($1, $2, 'not-a-hash', 20, 20, $3) returning id`,
      [`night.${randomUUID()}@example.com`, label, at],
    );
    const id = member.rows[0]!.id;
    await client.query(
      `insert into point_transactions (member_id, points, kind, description, source_type, source_id, created_at)
       values ($1::uuid, 20, 'welcome_bonus', 'Welcome bonus', 'member', $1::text, $2)`,
      [id, at],
    );
    await client.query(
      `insert into news_comments (post_id, author_id, content, created_at) values ((select id from news_posts limit 1), $1, 'Was here', $2)`,
      [id, at],
    );
    await client.query('commit');
    return id;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

beforeAll(async () => {
  // The venue's zone, named: the nights below are Sydney's, daylight saving included.
  t = await startTestApp({ VENUE_TZ: 'Australia/Sydney' });
  adminToken = (await registerAdmin(t)).sessionId;
  await createPost(t, adminToken);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/overview', () => {
  it("counts tonight's claims, redemptions, new members, comments and points as they happen", async () => {
    const before = (await overview()).body;
    expect(before.night).toMatchObject({ night: clubNightOf(new Date(), 'Australia/Sydney'), isTonight: true });
    expect(before.timeZone).toBe('Australia/Sydney');
    expect(before.nights).toHaveLength(8);
    expect(before.nights.at(-1)).toMatchObject({ night: before.night.night, start: before.night.start, end: before.night.end });

    const post = await createPost(t, adminToken);
    const coupon = await createCoupon(t, adminToken, { pointsCost: 15 });
    const member = await registerMember(t);
    expect(
      (await t.request('POST', `/api/news/${post.id}/comments`, { token: member.sessionId, body: { content: 'Great night' } }))
        .status,
    ).toBe(201);
    const claimed = await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: member.sessionId });
    expect(claimed.status).toBe(201);
    expect((await t.request('POST', `/api/coupons/redeem/${claimed.body.id}`, { token: member.sessionId })).status).toBe(200);

    const after = (await overview()).body;
    const [was, is] = [before.nights.at(-1), after.nights.at(-1)];
    expect({
      claims: is.claims - was.claims,
      redemptions: is.redemptions - was.redemptions,
      newMembers: is.newMembers - was.newMembers,
      comments: is.comments - was.comments,
      pointsIssued: is.pointsIssued - was.pointsIssued,
      pointsSpent: is.pointsSpent - was.pointsSpent,
      pointsWithdrawn: is.pointsWithdrawn - was.pointsWithdrawn,
    }).toEqual({ claims: 1, redemptions: 1, newMembers: 1, comments: 1, pointsIssued: 25, pointsSpent: 15, pointsWithdrawn: 0 });
    expect(after.now.pointsOutstanding - before.now.pointsOutstanding).toBe(10);
  });

  it('puts 05:59:59 and 06:00 venue time in different nights, and keeps the 25-hour night whole (clocks back, 5 Apr 2026)', async () => {
    // The night of Saturday 4 April runs from 06:00 AEDT (19:00 UTC on the 3rd) to 06:00 AEST (20:00 UTC on the 4th).
    await joinedAt('2026-04-03T18:59:59Z', 'Friday late'); // 05:59:59 Saturday: still Friday's night
    await joinedAt('2026-04-03T19:00:00Z', 'Saturday early'); // 06:00 Saturday
    await joinedAt('2026-04-04T15:30:00Z', 'Saturday 02:30, first time round');
    await joinedAt('2026-04-04T16:30:00Z', 'Saturday 02:30, second time round');
    await joinedAt('2026-04-04T19:59:59Z', 'Saturday late'); // 05:59:59 AEST Sunday
    await joinedAt('2026-04-04T20:00:00Z', 'Sunday early'); // 06:00 AEST Sunday
    const answer = await overview('?night=2026-04-05');
    expect(answer.status).toBe(200);
    expect(answer.body.night).toMatchObject({ night: '2026-04-05', label: 'Sun 5 Apr', isTonight: false });
    const byNight = Object.fromEntries(answer.body.nights.map((n: any) => [n.night, n]));
    expect(Object.keys(byNight)).toEqual([
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
      '2026-04-05',
    ]);
    expect(byNight['2026-04-04']).toMatchObject({
      label: 'Sat 4 Apr',
      start: '2026-04-03T19:00:00.000Z',
      end: '2026-04-04T20:00:00.000Z',
      newMembers: 4,
      comments: 4,
      pointsIssued: 80,
    });
    expect(byNight['2026-04-03']).toMatchObject({ newMembers: 1, comments: 1, pointsIssued: 20 });
    expect(byNight['2026-04-05']).toMatchObject({ newMembers: 1, comments: 1, pointsIssued: 20, claims: 0 });
    expect(byNight['2026-04-02']).toMatchObject({ newMembers: 0, comments: 0, pointsIssued: 0 });
  });

  it('keeps the 23-hour night whole (clocks forward, 4 Oct 2026)', async () => {
    await joinedAt('2026-10-03T18:59:59Z', 'Saturday late'); // 05:59:59 AEDT Sunday
    await joinedAt('2026-10-03T19:00:00Z', 'Sunday early'); // 06:00 AEDT Sunday
    const { body } = await overview('?night=2026-10-04');
    const [saturday, sunday] = body.nights.slice(-2);
    expect(saturday).toMatchObject({
      night: '2026-10-03',
      start: '2026-10-02T20:00:00.000Z',
      end: '2026-10-03T19:00:00.000Z',
      newMembers: 1,
    });
    expect(sunday).toMatchObject({ night: '2026-10-04', start: '2026-10-03T19:00:00.000Z', newMembers: 1 });
  });

  it('counts a night that is over once and keeps it; tonight is always counted afresh', async () => {
    const first = await overview('?night=2026-04-05');
    const kept = await t.sql.query<{ night: string; figures: Record<string, number> }>(
      "select night::text as night, figures from club_night_figures where night between '2026-03-29' and '2026-04-05' order by night",
    );
    expect(kept.rows.map((row) => row.night)).toEqual(first.body.nights.map((n: { night: string }) => n.night));
    for (const row of kept.rows) {
      const shown = first.body.nights.find((n: { night: string }) => n.night === row.night);
      expect(row.figures).toEqual({
        claims: shown.claims,
        redemptions: shown.redemptions,
        newMembers: shown.newMembers,
        comments: shown.comments,
        pointsIssued: shown.pointsIssued,
        pointsSpent: shown.pointsSpent,
        pointsWithdrawn: shown.pointsWithdrawn,
      });
    }
    // Asked again, the kept figures answer the same.
    expect((await overview('?night=2026-04-05')).body.nights).toEqual(first.body.nights);
    const tonight = (await overview()).body.night.night;
    expect((await t.sql.query('select 1 from club_night_figures where night = $1', [tonight])).rowCount).toBe(0);
  });

  it("states the venue's liability: the sum of balances, equal to the ledger's sum", async () => {
    const { body } = await overview();
    const { rows } = await t.sql.query<{ ledger: number; balances: number }>(
      `select (select coalesce(sum(pt.points), 0)::int from point_transactions pt join members m on m.id = pt.member_id where m.deleted_at is null) as ledger,
              (select coalesce(sum(current_points), 0)::int from members where deleted_at is null) as balances`,
    );
    expect(rows[0]!.ledger).toBeGreaterThan(0);
    expect(body.now.pointsOutstanding).toBe(rows[0]!.ledger);
    expect(body.now.pointsOutstanding).toBe(rows[0]!.balances);
    await runLedgerVerify(t);
  });

  it('counts pending bookings and unread messages', async () => {
    const before = (await overview()).body.now;
    await t.sql.query(
      `insert into bookings (name, email, guests, service) values ('Guest', 'guest@example.com', '2', 'vip-room')`,
    );
    await t.sql.query(
      `insert into bookings (name, email, guests, service, status) values ('Guest', 'guest@example.com', '2', 'vip-room', 'confirmed')`,
    );
    await t.sql.query(`insert into contact_messages (name, email, message) values ('Guest', 'guest@example.com', 'Hello')`);
    await t.sql.query(
      `insert into contact_messages (name, email, message, is_spam) values ('Bot', 'bot@example.com', 'Buy', true)`,
    );
    // A message staff marked handled is read.
    await t.sql.query(
      `insert into contact_messages (name, email, message, state, handled_at) values ('Guest', 'guest@example.com', 'Thanks', 'handled', now())`,
    );
    const after = (await overview()).body.now;
    expect(after.pendingBookings - before.pendingBookings).toBe(1);
    expect(after.unreadMessages - before.unreadMessages).toBe(1);
  });

  it("reads each queue's waiting, delayed and failed jobs from Redis", async () => {
    const maintenance = t.app.get(QueueRegistry).get('maintenance');
    await maintenance.add('overview-test.waiting', {});
    await maintenance.add('overview-test.delayed', {}, { delay: 60_000 });
    // A worker of this test fails one job (the app runs no worker of its own).
    const failing = await t.app.get(QueueRegistry).get('email').add('overview-test.fails', {}, { attempts: 1 });
    const worker = new Worker(
      'email',
      async () => {
        throw new Error('SMTP said no');
      },
      {
        connection: redisOptionsFromUrl(t.config.REDIS_URL, 'worker', 'overview-test') as ConnectionOptions,
        prefix: t.config.REDIS_PREFIX,
      },
    );
    try {
      for (let i = 0; i < 50 && !(await failing.isFailed()); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await worker.close();
    }
    const { body } = await overview();
    expect(body.queues.available).toBe(true);
    expect(body.queues.error).toBeNull();
    const byName = Object.fromEntries(body.queues.queues.map((q: any) => [q.name, q]));
    expect(Object.keys(byName).sort()).toEqual(['activecampaign', 'email', 'maintenance', 'wallet', 'webhooks']);
    expect(byName.maintenance).toMatchObject({ waiting: 1, delayed: 1, failed: 0 });
    expect(byName.email).toMatchObject({ failed: 1 });
    // Bull Board behind staff sign-in, opened from here.
    expect(body.queues.dashboardPath).toBe('/admin/queues');
  });

  it('shows ActiveCampaign as not configured, with the failed contacts, the latest refusal and the latest bulk sync', async () => {
    const first = (await overview()).body.activeCampaign;
    expect(first).toMatchObject({ configured: false, failedContacts: 0, lastError: null, lastJob: null, lastSyncAt: null });
    const member = await registerMember(t);
    await t.sql.query(`update members set ac_sync_error = 'Contact email is invalid', updated_at = now() where id = $1`, [
      member.user.id,
    ]);
    await t.sql.query(
      `insert into sync_jobs (state, total, started_at, finished_at) values ('completed', 3, now() - interval '1 hour', now())`,
    );
    const { body } = await overview();
    expect(body.activeCampaign).toMatchObject({
      configured: false,
      failedContacts: 1,
      lastError: { message: 'Contact email is invalid', at: expect.stringMatching(/Z$/) },
      lastJob: { state: 'completed', total: 3, synced: 0, failed: 0, finishedAt: expect.stringMatching(/Z$/) },
    });
  });

  it('answers 304 while nothing changed and the figures again once something did', async () => {
    const first = await overview();
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const same = await t.request('GET', '/api/admin/overview', { token: adminToken, headers: { 'if-none-match': etag } });
    // The ETag carries a 15-second clock: a request at the turn of a bucket may see 200.
    expect([200, 304]).toContain(same.status);
    await registerMember(t);
    const changed = await t.request('GET', '/api/admin/overview', { token: adminToken, headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
  });

  it('refuses a night that has not started and a date that is not one', async () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await overview(`?night=${tomorrow}`);
    expect(future.status).toBe(400);
    expect(future.body.message).toMatch(/not started/);
    const bad = await overview('?night=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path)).toEqual(['night']);
  });

  // Security review L1: years 0–99 went through Date.UTC (0058 → 1958) and answered 500.
  it.each(['0058-02-08', '0000-01-01', '0099-12-31', '1999-12-31'])(
    'refuses the night %s, before the overview starts, with 400',
    async (night) => {
      const answer = await overview(`?night=${night}`);
      expect(answer.status).toBe(400);
      expect(answer.body.issues).toEqual([
        expect.objectContaining({ path: 'night', message: expect.stringMatching(/2000-01-01 or later/) }),
      ]);
    },
  );

  it('is for admins only', async () => {
    const member = await registerMember(t);
    expect((await t.request('GET', '/api/admin/overview')).status).toBe(401);
    expect((await overview('', member.sessionId)).status).toBe(403);
  });
});

describe('GET /api/admin/overview while Redis is away', () => {
  let away: TestApp;
  let proxy: TcpProxy;
  let token: string;

  beforeAll(async () => {
    const base = await testEnv();
    proxy = TcpProxy.forUrl(base.env['REDIS_URL']!);
    await proxy.start();
    away = await startTestApp({ REDIS_URL: proxy.urlFor(base.env['REDIS_URL']!) }, base);
    token = (await registerAdmin(away)).sessionId;
  }, 120_000);
  afterAll(async () => {
    await away.close();
    await proxy.stop();
  });

  it('answers the figures from PostgreSQL and says the queues could not be read, within a few seconds', async () => {
    proxy.cut();
    const started = Date.now();
    const answer = await away.request('GET', '/api/admin/overview', { token });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(answer.status).toBe(200);
    expect(answer.body.queues).toMatchObject({ available: false, queues: [], error: expect.stringMatching(/Redis/) });
    expect(answer.body.nights).toHaveLength(8);
    expect(answer.body.now.pointsOutstanding).toBeGreaterThanOrEqual(20);
  });
});
