import type { INestApplicationContext } from '@nestjs/common';
import { createRedisConnection, QueueName } from '@nocturne/queues';
import {
  createCoupon,
  registerAdmin,
  registerMember,
  runLedgerVerify,
  startTestApp,
  type TestApp,
  testEnv,
  waitFor,
} from '@nocturne/testing';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { ExpirePointsOutcome } from '#points/expire-points.job.js';
import { startWorker } from '../support/worker-app.js';

type Sql = { query: pg.Pool['query'] };

/** The ledger as `npm run ledger:verify` sees it (the real command), and no balance below zero. */
async function expectLedgerClean(t: TestApp): Promise<void> {
  expect(await runLedgerVerify(t)).toMatch(/^Ledger verified: \d+ members match/m);
  expect((await t.sql.query('select id from members where current_points < 0')).rows).toEqual([]);
}

/** Points earned at a given instant, written the way the ledger writes them: the row and both cached columns. */
async function earn(sql: Sql, memberId: string, points: number, at: string): Promise<void> {
  await sql.query(
    `insert into point_transactions (member_id, points, kind, description, source_type, source_id, created_at)
       values ($1, $2, 'adjustment', 'Test credit', 'test', $3, $4)`,
    [memberId, points, randomUUID(), at],
  );
  await sql.query('update members set current_points = current_points + $2, total_points = total_points + $2 where id = $1', [
    memberId,
    points,
  ]);
}

async function member(sql: Sql, id: string) {
  const { rows } = await sql.query('select current_points, total_points, member_tier from members where id = $1', [id]);
  return rows[0] as { current_points: number; total_points: number; member_tier: string };
}

async function expiries(sql: Sql, id: string) {
  const { rows } = await sql.query(
    "select points, description, source_id from point_transactions where member_id = $1 and kind = 'expiry' order by created_at, source_id",
    [id],
  );
  return rows as { points: number; description: string; source_id: string }[];
}

async function warnings(sql: Sql, id: string) {
  const { rows } = await sql.query(
    "select kind, state, recipient, sent_at from email_deliveries where subject_type = 'member' and subject_id = $1 order by kind",
    [id],
  );
  return rows as { kind: string; state: string; recipient: string; sent_at: Date | null }[];
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

function nightsFrom(first: string, last: string): string[] {
  const nights: string[] = [];
  for (
    let night = new Date(`${first}T00:00:00Z`);
    night.toISOString().slice(0, 10) <= last;
    night.setUTCDate(night.getUTCDate() + 1)
  ) {
    nights.push(night.toISOString().slice(0, 10));
  }
  return nights;
}

describe('points expiry (POINTS_EXPIRE_AFTER_MONTHS=12)', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let maintenance: Queue;
  let email: Queue;
  let wallet: Queue;
  let events: QueueEvents;
  let mailDir: string;

  beforeAll(async () => {
    const base = await testEnv({ POINTS_EXPIRE_AFTER_MONTHS: '12', VENUE_TZ: 'Australia/Sydney' });
    mailDir = base.env['MAIL_DIR']!;
    t = await startTestApp({}, base);
    worker = await startWorker(base.env, { clock: () => now });
    const connection = {
      connection: createRedisConnection(base.env['REDIS_URL']!, 'producer'),
      prefix: base.env['REDIS_PREFIX'],
    };
    maintenance = new Queue(QueueName.Maintenance, connection);
    email = new Queue(QueueName.Email, connection);
    wallet = new Queue(QueueName.Wallet, connection);
    events = new QueueEvents(QueueName.Maintenance, {
      connection: createRedisConnection(base.env['REDIS_URL']!, 'worker'),
      prefix: base.env['REDIS_PREFIX'],
    });
    await events.waitUntilReady();
  });
  afterAll(async () => {
    await events?.close();
    await email?.close();
    await wallet?.close();
    await maintenance?.close();
    await worker?.close();
    await t?.close();
  });

  /**
   * Runs the nightly job through the maintenance queue on the given club night, and lets the
   * warnings it queued go out that night (the worker's clock dates them).
   */
  async function runNight(date: string): Promise<ExpirePointsOutcome> {
    now = noonInSydney(date);
    const job = await maintenance.add('maintenance.expire-points', {});
    const outcome = (await job.waitUntilFinished(events, 30_000)) as ExpirePointsOutcome;
    if (outcome.state === 'done' && outcome.warningsQueued > 0) {
      await waitFor(
        async () => {
          const counts = await email.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
          return Object.values(counts).every((count) => count === 0);
        },
        { timeoutMs: 20_000, what: 'the warnings to be sent' },
      );
    }
    return outcome;
  }

  it('is on the maintenance schedule, nightly', async () => {
    const scheduler = await maintenance.getJobScheduler('expire-points');
    expect(scheduler).toMatchObject({ name: 'maintenance.expire-points', pattern: '0 2 * * *' });
  });

  it('switched on with a backlog: warns first, in one e-mail, expires nothing for 14 nights, then oldest first', async () => {
    const admin = await registerAdmin(t);
    // Welcome bonus (20) now, November 2026: it expires at the end of November 2027, after these nights.
    const alex = await registerMember(t, { firstName: 'Alex' });
    const alexId = alex.user.id;
    await earn(t.sql, alexId, 50, '2026-01-10T10:00:00Z');
    await earn(t.sql, alexId, 30, '2026-05-01T10:00:00Z');
    // Two club nights of June 2026: one batch, expiring at the end of June 2027.
    await earn(t.sql, alexId, 40, '2026-06-20T10:00:00Z');
    await earn(t.sql, alexId, 25, '2026-06-28T10:00:00Z');
    await t.sql.query("update members set member_tier = 'silver' where id = $1", [alexId]);
    // Alex spends 60 (a real claim): taken from January's 50 and 10 of May's 30.
    const coupon = await createCoupon(t, admin.sessionId, { pointsCost: 60 });
    expect((await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: alex.sessionId })).status).toBe(201);
    // Sam spent everything old: nothing to lose, no e-mail. Kim earned only recently.
    const sam = await registerMember(t, { firstName: 'Sam' });
    await earn(t.sql, sam.user.id, 30, '2026-02-01T10:00:00Z');
    expect(
      (
        await t.request('POST', `/api/coupons/${(await createCoupon(t, admin.sessionId, { pointsCost: 50 })).id}/claim`, {
          token: sam.sessionId,
        })
      ).status,
    ).toBe(201);
    const kim = await registerMember(t, { firstName: 'Kim' });
    await expectLedgerClean(t);
    expect(await member(t.sql, alexId)).toEqual({ current_points: 105, total_points: 165, member_tier: 'silver' });

    // Switched on on 10 June 2027: May's batch (20 left) is overdue, June's (65) expires at the end of the month.
    expect(await runNight('2027-06-10')).toMatchObject({
      state: 'done',
      night: '2027-06-10',
      membersExpired: 0,
      pointsExpired: 0,
      warningsQueued: 1,
    });
    expect(await expiries(t.sql, alexId)).toEqual([]);
    expect(await warnings(t.sql, alexId)).toEqual([
      { kind: 'points-expiry-warning:2027-06', state: 'sent', recipient: alex.email, sent_at: noonInSydney('2027-06-10') },
    ]);
    const mails = await mailsTo(mailDir, alex.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: 85 of your Nocturne points are about to expire');
    expect(mails[0]).toContain(
      '20 of your points expire after the night of Wednesday 23 June 2027 unless you spend them by then.',
    );
    expect(mails[0]).toContain(
      '65 of your points expire after the night of Wednesday 30 June 2027 unless you spend them by then.',
    );
    expect(await warnings(t.sql, sam.user.id)).toEqual([]);
    expect(await warnings(t.sql, kim.user.id)).toEqual([]);

    // Again that night, and on June's own warning night: no second e-mail this month.
    expect(await runNight('2027-06-10')).toMatchObject({ pointsExpired: 0, warningsQueued: 0 });
    expect(await runNight('2027-06-17')).toMatchObject({ pointsExpired: 0, warningsQueued: 0 });
    // 13 nights after the warning: nothing expires yet.
    expect(await runNight('2027-06-23')).toMatchObject({ pointsExpired: 0 });
    expect((await member(t.sql, alexId)).current_points).toBe(105);

    // 14 nights after it: May's 20 go; June's 65 stay until the month is over.
    expect(await runNight('2027-06-24')).toMatchObject({ membersExpired: 1, pointsExpired: 20, warningsQueued: 0 });
    expect(await expiries(t.sql, alexId)).toEqual([{ points: -20, description: 'Points expired', source_id: '2027-06-24' }]);
    expect(await member(t.sql, alexId)).toEqual({ current_points: 85, total_points: 165, member_tier: 'silver' });
    // Alex's wallet card shows the balance: its update is queued, once for the night.
    expect((await wallet.getJob(`wallet-expiry-${alexId}-2027-06-24`))?.data).toEqual({ memberId: alexId });
    expect(await runNight('2027-06-24')).toMatchObject({ pointsExpired: 0 });
    expect(await runNight('2027-06-30')).toMatchObject({ pointsExpired: 0 });
    expect((await member(t.sql, alexId)).current_points).toBe(85);
    await expectLedgerClean(t);

    expect(await runNight('2027-07-01')).toMatchObject({ membersExpired: 1, pointsExpired: 65, warningsQueued: 0 });
    expect(await member(t.sql, alexId)).toEqual({ current_points: 20, total_points: 165, member_tier: 'silver' });
    expect(await runNight('2027-07-01')).toMatchObject({ pointsExpired: 0 });
    expect((await member(t.sql, alexId)).current_points).toBe(20);
    expect(await mailsTo(mailDir, alex.email)).toHaveLength(1);
    expect(await expiries(t.sql, sam.user.id)).toEqual([]);
    expect(await expiries(t.sql, kim.user.id)).toEqual([]);
    await expectLedgerClean(t);

    // The member's history shows both expiries, newest first.
    const history = await t.request('GET', '/api/points/history', { token: alex.sessionId });
    expect(history.status).toBe(200);
    expect(history.body.slice(0, 2)).toEqual([
      expect.objectContaining({ description: 'Points expired', points: -65 }),
      expect.objectContaining({ description: 'Points expired', points: -20 }),
    ]);
  });

  it('postpones the expiry of a batch whose warning went out late (missed nights) to 14 nights after it', async () => {
    const lee = await registerMember(t, { firstName: 'Lee' });
    await earn(t.sql, lee.user.id, 30, '2026-07-05T10:00:00Z');
    // Not yet due on the 17th; the job then misses the nights of 18 to 26 July (the warning was due on the 18th).
    expect(await runNight('2027-07-17')).toMatchObject({ warningsQueued: 0 });
    expect(await runNight('2027-07-27')).toMatchObject({ warningsQueued: 1 });
    expect(await warnings(t.sql, lee.user.id)).toMatchObject([{ kind: 'points-expiry-warning:2027-07', state: 'sent' }]);
    const [mail] = await mailsTo(mailDir, lee.email);
    expect(mail).toContain('30 of your points expire after the night of Monday 9 August 2027 unless you spend them by then.');
    // The end of July has passed, but the warning is not 14 nights old.
    expect(await runNight('2027-08-01')).toMatchObject({ pointsExpired: 0 });
    expect(await runNight('2027-08-09')).toMatchObject({ pointsExpired: 0 });
    expect(await expiries(t.sql, lee.user.id)).toEqual([]);
    expect(await runNight('2027-08-10')).toMatchObject({ membersExpired: 1, pointsExpired: 30 });
    expect(await expiries(t.sql, lee.user.id)).toEqual([{ points: -30, description: 'Points expired', source_id: '2027-08-10' }]);
    expect(await member(t.sql, lee.user.id)).toMatchObject({ current_points: 20, total_points: 50 });
    expect(await mailsTo(mailDir, lee.email)).toHaveLength(1);
    await expectLedgerClean(t);
  });

  it('waits for a claim holding the member row, and expires only what the claim left', async () => {
    const jo = await registerMember(t, { firstName: 'Jo' });
    await earn(t.sql, jo.user.id, 100, '2026-08-05T10:00:00Z');
    await t.sql.query("update members set member_tier = 'silver' where id = $1", [jo.user.id]);
    expect(await runNight('2027-08-18')).toMatchObject({ warningsQueued: 1 });
    expect(await warnings(t.sql, jo.user.id)).toMatchObject([{ kind: 'points-expiry-warning:2027-08', state: 'sent' }]);
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
      const run = runNight('2027-09-01');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await client.query('commit');
      expect(await run).toMatchObject({ state: 'done' });
    } finally {
      client.release();
    }
    expect(await expiries(t.sql, jo.user.id)).toEqual([{ points: -30, description: 'Points expired', source_id: '2027-09-01' }]);
    expect(await member(t.sql, jo.user.id)).toEqual({ current_points: 20, total_points: 120, member_tier: 'silver' });
    await expectLedgerClean(t);
  });

  it('sends a member who earns every night one e-mail a month, and expires each month 14 nights after it', async () => {
    const ella = await registerMember(t, { firstName: 'Ella' });
    const ellaId = ella.user.id;
    // A point every club night since September 2026 (evening in Sydney).
    for (const night of nightsFrom('2026-09-01', '2026-10-31')) await earn(t.sql, ellaId, 1, `${night}T10:00:00Z`);
    for (const night of nightsFrom('2027-09-02', '2027-11-01')) {
      await earn(t.sql, ellaId, 1, `${night}T10:00:00Z`);
      await runNight(night);
    }
    expect((await warnings(t.sql, ellaId)).map(({ kind, state, sent_at }) => ({ kind, state, sent_at }))).toEqual([
      { kind: 'points-expiry-warning:2027-09', state: 'sent', sent_at: noonInSydney('2027-09-17') },
      { kind: 'points-expiry-warning:2027-10', state: 'sent', sent_at: noonInSydney('2027-10-18') },
    ]);
    const mails = await mailsTo(mailDir, ella.email);
    expect(mails).toHaveLength(2);
    expect(
      mails.find((mail) => mail.includes('30 of your points expire after the night of Thursday 30 September 2027')),
    ).toBeDefined();
    expect(
      mails.find((mail) => mail.includes('31 of your points expire after the night of Sunday 31 October 2027')),
    ).toBeDefined();
    expect(await expiries(t.sql, ellaId)).toEqual([
      { points: -30, description: 'Points expired', source_id: '2027-10-01' },
      { points: -31, description: 'Points expired', source_id: '2027-11-01' },
    ]);
    // Welcome bonus 20 + 61 + 61 earned, 61 expired. (The test's credits skip the tier update the ledger does.)
    expect(await member(t.sql, ellaId)).toMatchObject({ current_points: 81, total_points: 142 });
    await t.sql.query("update members set member_tier = 'silver' where id = $1", [ellaId]);
    await expectLedgerClean(t);
  });

  it('neither warns nor expires while staff have disabled the account; once enabled, warns and waits 14 nights', async () => {
    const admin = await registerAdmin(t);
    const max = await registerMember(t, { firstName: 'Max' });
    const maxId = max.user.id;
    // December 2026's batch (and the welcome bonus, November's) are due to expire by the end of December 2027.
    await earn(t.sql, maxId, 30, '2026-12-05T10:00:00Z');
    expect((await t.request('POST', `/api/admin/members/${maxId}/disable`, { token: admin.sessionId })).status).toBe(200);
    for (const night of ['2027-12-17', '2027-12-31', '2028-01-01', '2028-01-10']) await runNight(night);
    // Max cannot sign in to spend them: no e-mail, so nothing expires.
    expect(await warnings(t.sql, maxId)).toEqual([]);
    expect(await mailsTo(mailDir, max.email)).toEqual([]);
    expect(await expiries(t.sql, maxId)).toEqual([]);

    expect((await t.request('POST', `/api/admin/members/${maxId}/enable`, { token: admin.sessionId })).status).toBe(200);
    await runNight('2028-01-11');
    expect(await warnings(t.sql, maxId)).toMatchObject([{ kind: 'points-expiry-warning:2028-01', state: 'sent' }]);
    expect(await mailsTo(mailDir, max.email)).toHaveLength(1);
    await runNight('2028-01-24');
    expect(await expiries(t.sql, maxId)).toEqual([]);
    await runNight('2028-01-25');
    // December's 30 and the welcome bonus of November 2026, both in the warning.
    expect(await expiries(t.sql, maxId)).toEqual([{ points: -50, description: 'Points expired', source_id: '2028-01-25' }]);
    await expectLedgerClean(t);
  });

  // Security review L8: a member warned before staff disabled the account lost the points while
  // disabled, unable to sign in and spend them.
  it('expires nothing while the account is disabled, even after a warning sent before', async () => {
    const admin = await registerAdmin(t);
    const noa = await registerMember(t, { firstName: 'Noa' });
    const noaId = noa.user.id;
    await earn(t.sql, noaId, 30, '2026-12-05T10:00:00Z');
    await runNight('2029-12-17');
    expect(await warnings(t.sql, noaId)).toMatchObject([{ state: 'sent' }]);
    expect((await t.request('POST', `/api/admin/members/${noaId}/disable`, { token: admin.sessionId })).status).toBe(200);
    const before = await member(t.sql, noaId);
    for (const night of ['2029-12-31', '2030-01-01', '2030-01-20']) await runNight(night);
    expect(await expiries(t.sql, noaId)).toEqual([]);
    expect(await member(t.sql, noaId)).toEqual(before);
    await expectLedgerClean(t);
  });
});

describe('points expiry when POINTS_EXPIRE_AFTER_MONTHS is unset', () => {
  it('expires nothing and warns nobody', async () => {
    const base = await testEnv();
    const sql = new pg.Pool({ connectionString: base.db.url, max: 2 });
    sql.on('error', () => undefined);
    const worker = await startWorker(base.env, { clock: () => noonInSydney('2030-01-01') });
    const connection = {
      connection: createRedisConnection(base.env['REDIS_URL']!, 'producer'),
      prefix: base.env['REDIS_PREFIX'],
    };
    const maintenance = new Queue(QueueName.Maintenance, connection);
    const events = new QueueEvents(QueueName.Maintenance, {
      connection: createRedisConnection(base.env['REDIS_URL']!, 'worker'),
      prefix: base.env['REDIS_PREFIX'],
    });
    try {
      const { rows } = await sql.query(
        "insert into members (email, first_name, password_hash) values ('old@example.com', 'Old', 'x') returning id",
      );
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
