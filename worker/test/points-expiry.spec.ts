import type { INestApplicationContext } from '@nestjs/common';
import { createRedisConnection, QueueName } from '@nocturne/queues';
import { waitFor } from '@nocturne/testing';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { createCoupon, expectLedgerClean } from '../../api/test/support/coupon-fixtures.js';
import { registerAdmin, registerMember, startTestApp, type TestApp, testEnv } from '../../api/test/support/test-app.js';
import type { ExpirePointsOutcome } from '../src/jobs/expire-points.job.js';
import { startWorker } from './support/worker-app.js';

type Sql = { query: pg.Pool['query'] };

/** Points earned at a given instant, written the way the ledger writes them: the row and both cached columns. */
async function earn(sql: Sql, memberId: string, points: number, at: string): Promise<void> {
  await sql.query(
    `insert into point_transactions (member_id, points, kind, description, source_type, source_id, created_at)
       values ($1, $2, 'adjustment', 'Test credit', 'test', $3, $4)`,
    [memberId, points, randomUUID(), at],
  );
  await sql.query('update members set current_points = current_points + $2, total_points = total_points + $2 where id = $1', [memberId, points]);
}

async function member(sql: Sql, id: string) {
  const { rows } = await sql.query('select current_points, total_points, member_tier from members where id = $1', [id]);
  return rows[0] as { current_points: number; total_points: number; member_tier: string };
}

async function expiries(sql: Sql, id: string) {
  const { rows } = await sql.query("select points, description, source_id from point_transactions where member_id = $1 and kind = 'expiry' order by created_at, source_id", [id]);
  return rows as { points: number; description: string; source_id: string }[];
}

async function warnings(sql: Sql, id: string) {
  const { rows } = await sql.query("select kind, state, recipient from email_deliveries where subject_type = 'member' and subject_id = $1 order by kind", [id]);
  return rows as { kind: string; state: string; recipient: string }[];
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The .eml files the worker wrote (no SMTP_URL) to one address. */
async function mailsTo(dir: string, address: string): Promise<string[]> {
  const files = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(files.map(async (file) => decodeQuotedPrintable(await readFile(path.join(dir, file), 'utf8'))));
  return mails.filter((mail) => mail.includes(`To: ${address}`));
}

/** A club-night clock the test moves: 12:00 in Sydney (AEST) on the given date is that date's club night. */
let now = new Date();
const noonInSydney = (date: string) => new Date(`${date}T02:00:00Z`);

describe('points expiry (POINTS_EXPIRE_AFTER_MONTHS=12)', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let maintenance: Queue;
  let events: QueueEvents;
  let mailDir: string;

  beforeAll(async () => {
    const base = await testEnv({ POINTS_EXPIRE_AFTER_MONTHS: '12', VENUE_TZ: 'Australia/Sydney' });
    mailDir = base.env['MAIL_DIR']!;
    t = await startTestApp({}, base);
    worker = await startWorker(base.env, { clock: () => now });
    const connection = { connection: createRedisConnection(base.env['REDIS_URL']!, 'producer'), prefix: base.env['REDIS_PREFIX'] };
    maintenance = new Queue(QueueName.Maintenance, connection);
    events = new QueueEvents(QueueName.Maintenance, { connection: createRedisConnection(base.env['REDIS_URL']!, 'worker'), prefix: base.env['REDIS_PREFIX'] });
    await events.waitUntilReady();
  });
  afterAll(async () => {
    await events?.close();
    await maintenance?.close();
    await worker?.close();
    await t?.close();
  });

  /** Runs the nightly job through the maintenance queue on the given club night. */
  async function runNight(date: string): Promise<ExpirePointsOutcome> {
    now = noonInSydney(date);
    const job = await maintenance.add('maintenance.expire-points', {});
    return (await job.waitUntilFinished(events, 30_000)) as ExpirePointsOutcome;
  }

  it('is on the maintenance schedule, nightly', async () => {
    const scheduler = await maintenance.getJobScheduler('expire-points');
    expect(scheduler).toMatchObject({ name: 'maintenance.expire-points', pattern: '0 2 * * *' });
  });

  it('expires unspent points oldest first, warns 14 nights ahead once, keeps tiers, and changes nothing when run again', async () => {
    const admin = await registerAdmin(t);
    // Welcome bonus (20) now, November 2026: far from expiring on the nights below.
    const alex = await registerMember(t, { firstName: 'Alex' });
    const alexId = alex.user.id;
    await earn(t.sql, alexId, 50, '2026-01-10T10:00:00Z');
    await earn(t.sql, alexId, 30, '2026-05-01T10:00:00Z');
    // Club night of 20 June 2026 (20:00 in Sydney): expires on the night of 21 June 2027.
    await earn(t.sql, alexId, 40, '2026-06-20T10:00:00Z');
    // Club night of 28 June 2026: expires on the night of 29 June 2027.
    await earn(t.sql, alexId, 25, '2026-06-28T10:00:00Z');
    await t.sql.query("update members set member_tier = 'silver' where id = $1", [alexId]);
    // Alex spends 60 (a real claim): taken from January's 50 and 10 of May's 30.
    const coupon = await createCoupon(t, admin.sessionId, { pointsCost: 60 });
    expect((await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: alex.sessionId })).status).toBe(201);
    // Sam spent everything old: nothing to expire. Kim earned only recently.
    const sam = await registerMember(t, { firstName: 'Sam' });
    await earn(t.sql, sam.user.id, 30, '2026-02-01T10:00:00Z');
    expect((await t.request('POST', `/api/coupons/${(await createCoupon(t, admin.sessionId, { pointsCost: 50 })).id}/claim`, { token: sam.sessionId })).status).toBe(201);
    const kim = await registerMember(t, { firstName: 'Kim' });
    await expectLedgerClean(t);
    expect(await member(t.sql, alexId)).toEqual({ current_points: 105, total_points: 165, member_tier: 'silver' });

    // 14 June 2027: what was earned before the night of 14 June 2026 and is unspent expires (80 - 60).
    const first = await runNight('2027-06-14');
    expect(first).toMatchObject({ state: 'done', night: '2027-06-14', membersExpired: 1, pointsExpired: 20, warningsQueued: 0 });
    expect(await expiries(t.sql, alexId)).toEqual([{ points: -20, description: 'Points expired', source_id: '2027-06-14' }]);
    expect(await member(t.sql, alexId)).toEqual({ current_points: 85, total_points: 165, member_tier: 'silver' });
    expect(await expiries(t.sql, sam.user.id)).toEqual([]);
    expect(await expiries(t.sql, kim.user.id)).toEqual([]);
    await expectLedgerClean(t);

    // The same night again: nothing more.
    expect(await runNight('2027-06-14')).toMatchObject({ pointsExpired: 0, warningsQueued: 0 });
    expect(await expiries(t.sql, alexId)).toHaveLength(1);
    expect((await member(t.sql, alexId)).current_points).toBe(85);
    // No batch of Alex's expires 14 nights after the 14th (the 28th): no e-mail yet.
    expect(await warnings(t.sql, alexId)).toEqual([]);

    // 15 June: the 25 points of 28 June 2026 expire on 29 June 2027, 14 nights ahead: one e-mail.
    expect(await runNight('2027-06-15')).toMatchObject({ pointsExpired: 0, warningsQueued: 1 });
    await waitFor(async () => (await warnings(t.sql, alexId))[0]?.state === 'sent', { timeoutMs: 20_000, what: 'the warning to be sent' });
    expect(await warnings(t.sql, alexId)).toEqual([{ kind: 'points-expiry-warning:2027-06-29', state: 'sent', recipient: alex.email }]);
    const mails = await mailsTo(mailDir, alex.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: 25 of your Nocturne points expire in 14 days');
    expect(mails[0]).toContain('25 of your points expire on Tuesday 29 June 2027 unless you spend them before then.');

    // Run again that night and the next: the warning is never sent twice, and nobody else is warned.
    expect(await runNight('2027-06-15')).toMatchObject({ warningsQueued: 0 });
    expect(await runNight('2027-06-16')).toMatchObject({ warningsQueued: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await mailsTo(mailDir, alex.email)).toHaveLength(1);
    expect(await warnings(t.sql, alexId)).toHaveLength(1);
    expect(await warnings(t.sql, sam.user.id)).toEqual([]);
    expect(await warnings(t.sql, kim.user.id)).toEqual([]);

    // 29 June: the rest of the old points (40 and 25) have expired; the welcome bonus stays.
    expect(await runNight('2027-06-29')).toMatchObject({ membersExpired: 1, pointsExpired: 65 });
    expect(await member(t.sql, alexId)).toEqual({ current_points: 20, total_points: 165, member_tier: 'silver' });
    expect(await runNight('2027-06-29')).toMatchObject({ pointsExpired: 0 });
    expect((await member(t.sql, alexId)).current_points).toBe(20);
    await expectLedgerClean(t);

    // The member's history shows both expiries, newest first.
    const history = await t.request('GET', '/api/points/history', { token: alex.sessionId });
    expect(history.status).toBe(200);
    expect(history.body.slice(0, 2)).toEqual([
      expect.objectContaining({ description: 'Points expired', points: -65 }),
      expect.objectContaining({ description: 'Points expired', points: -20 }),
    ]);
  });

  it('waits for a claim holding the member row, and expires only what the claim left', async () => {
    const jo = await registerMember(t, { firstName: 'Jo' });
    await earn(t.sql, jo.user.id, 100, '2026-03-01T10:00:00Z');
    await t.sql.query("update members set member_tier = 'silver' where id = $1", [jo.user.id]);
    const client = await t.sql.connect();
    try {
      await client.query('begin');
      // A claim in flight: it holds the member's row and spends 70 of the old points.
      await client.query('select id from members where id = $1 for update', [jo.user.id]);
      await client.query(
        `insert into point_transactions (member_id, points, kind, description, source_type, source_id) values ($1, -70, 'coupon_claim', 'Claimed', 'test', $2)`,
        [jo.user.id, randomUUID()],
      );
      await client.query('update members set current_points = current_points - 70 where id = $1', [jo.user.id]);
      const run = runNight('2027-07-01');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await client.query('commit');
      expect(await run).toMatchObject({ state: 'done' });
    } finally {
      client.release();
    }
    expect(await expiries(t.sql, jo.user.id)).toEqual([{ points: -30, description: 'Points expired', source_id: '2027-07-01' }]);
    expect((await member(t.sql, jo.user.id)).current_points).toBe(20);
    await expectLedgerClean(t);
  });
});

describe('points expiry when POINTS_EXPIRE_AFTER_MONTHS is unset', () => {
  it('expires nothing and warns nobody', async () => {
    const base = await testEnv();
    const sql = new pg.Pool({ connectionString: base.db.url, max: 2 });
    sql.on('error', () => undefined);
    const worker = await startWorker(base.env, { clock: () => noonInSydney('2030-01-01') });
    const connection = { connection: createRedisConnection(base.env['REDIS_URL']!, 'producer'), prefix: base.env['REDIS_PREFIX'] };
    const maintenance = new Queue(QueueName.Maintenance, connection);
    const events = new QueueEvents(QueueName.Maintenance, { connection: createRedisConnection(base.env['REDIS_URL']!, 'worker'), prefix: base.env['REDIS_PREFIX'] });
    try {
      const { rows } = await sql.query("insert into members (email, first_name, password_hash) values ('old@example.com', 'Old', 'x') returning id");
      await earn(sql, rows[0].id, 50, '2026-01-10T10:00:00Z');
      await events.waitUntilReady();
      const job = await maintenance.add('maintenance.expire-points', {});
      expect(await job.waitUntilFinished(events, 30_000)).toEqual({ state: 'off' });
      expect(await expiries(sql, rows[0].id)).toEqual([]);
      expect(await member(sql, rows[0].id)).toMatchObject({ current_points: 50, total_points: 50 });
      expect((await sql.query('select count(*)::int as n from email_deliveries')).rows[0].n).toBe(0);
    } finally {
      await events.close();
      await maintenance.close();
      await worker.close();
      await sql.end();
      await base.db.drop();
    }
  });
});
