import type { INestApplicationContext } from '@nestjs/common';
import { BIRTHDAY_MAIL_SUBJECT } from '@nocturne/domain';
import { createRedisConnection, QueueName } from '@nocturne/queues';
import {
  createCoupon,
  registerAdmin,
  registerMember,
  registerStaff,
  startTestApp,
  type TestApp,
  testEnv,
  waitFor,
} from '@nocturne/testing';
import { Queue, QueueEvents } from 'bullmq';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { GrantBirthdayCouponsJob, type GrantBirthdaysOutcome } from '#birthdays/grant-birthday-coupons.job.js';
import { startWorker } from '../support/worker-app.js';

/** The .eml files the worker wrote (no SMTP_URL) to one address. */
async function mailsTo(dir: string, address: string): Promise<string[]> {
  const files = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(files.map(async (file) => readFile(path.join(dir, file), 'utf8')));
  return mails.filter((mail) => mail.includes(`To: ${address}`));
}

/** The worker's clock: 12:00 in Sydney on the given date. */
let now = new Date();
const noonInSydney = (date: string) => new Date(`${date}T01:00:00Z`);

describe('birthday coupons', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let maintenance: Queue;
  let email: Queue;
  let events: QueueEvents;
  let mailDir: string;
  let manager: Awaited<ReturnType<typeof registerStaff>>;
  let admin: Awaited<ReturnType<typeof registerAdmin>>;

  beforeAll(async () => {
    const base = await testEnv({ VENUE_TZ: 'Australia/Sydney' });
    mailDir = base.env['MAIL_DIR']!;
    t = await startTestApp({}, base);
    worker = await startWorker(base.env, { clock: () => now });
    const connection = {
      connection: createRedisConnection(base.env['REDIS_URL']!, 'producer'),
      prefix: base.env['REDIS_PREFIX'],
    };
    maintenance = new Queue(QueueName.Maintenance, connection);
    email = new Queue(QueueName.Email, connection);
    events = new QueueEvents(QueueName.Maintenance, {
      connection: createRedisConnection(base.env['REDIS_URL']!, 'worker'),
      prefix: base.env['REDIS_PREFIX'],
    });
    await events.waitUntilReady();
    manager = await registerStaff(t, 'manager', 'Morgan');
    admin = await registerAdmin(t);
  });
  afterAll(async () => {
    await events?.close();
    await email?.close();
    await maintenance?.close();
    await worker?.close();
    await t?.close();
  });

  async function runDay(date: string): Promise<GrantBirthdaysOutcome> {
    now = noonInSydney(date);
    const job = await maintenance.add('maintenance.grant-birthday-coupons', {});
    const outcome = (await job.waitUntilFinished(events, 30_000)) as GrantBirthdaysOutcome;
    await waitFor(
      async () => {
        const counts = await email.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        return Object.values(counts).every((count) => count === 0);
      },
      { timeoutMs: 20_000, what: 'the birthday e-mails to be sent' },
    );
    return outcome;
  }

  const grants = async (memberId: string) =>
    (
      await t.sql.query(
        `select g.year, c.title from birthday_grants g join user_coupons uc on uc.id = g.user_coupon_id
           join coupons c on c.id = uc.coupon_id where g.member_id = $1 order by g.year`,
        [memberId],
      )
    ).rows;

  it('is on the schedule, daily', async () => {
    expect(await maintenance.getJobScheduler('grant-birthday-coupons')).toMatchObject({
      name: 'maintenance.grant-birthday-coupons',
      pattern: '15 6 * * *',
    });
  });

  it('gives nothing while the manager has set no birthday coupon', async () => {
    await registerMember(t, { firstName: 'Early', dateOfBirth: '1991-01-13' });
    expect(await runDay('2027-01-13')).toEqual({ state: 'off' });
  });

  it('gives the coupon once a year in the birthday week, with one e-mail; 29 February in a common year; never to disabled or deleted accounts', async () => {
    const coupon = await createCoupon(t, admin.sessionId, { title: 'Birthday drink', type: 'free_drink', value: null });
    const saved = await t.request('PUT', '/api/admin/membership-settings', {
      token: manager.sessionId,
      body: { referralPoints: 50, referralsPerMonth: 5, birthdayCouponId: coupon.id },
    });
    expect(saved.status).toBe(200);

    // Wed 10 March 2027: the week runs Mon 8 to Sun 14 March.
    const alex = await registerMember(t, { firstName: 'Alex', dateOfBirth: '1990-03-10' });
    const leap = await registerMember(t, { firstName: 'Leap', dateOfBirth: '2000-02-29' });
    const off = await registerMember(t, { firstName: 'Off', dateOfBirth: '1990-03-09' });
    const gone = await registerMember(t, { firstName: 'Gone', dateOfBirth: '1990-03-11' });
    const later = await registerMember(t, { firstName: 'Later', dateOfBirth: '1990-03-20' });
    await t.sql.query('update members set disabled_at = now() where id = $1', [off.user.id]);
    await t.sql.query('update members set deleted_at = now() where id = $1', [gone.user.id]);

    // Sun 7 March: the week before: nothing for Alex yet.
    await runDay('2027-03-07');
    expect(await grants(alex.user.id)).toEqual([]);

    // 29 February kept on Sun 28 February 2027: its week is Mon 22 to Sun 28 February.
    await runDay('2027-02-22');
    expect(await grants(leap.user.id)).toEqual([{ year: 2027, title: 'Birthday drink' }]);

    await runDay('2027-03-08');
    expect(await grants(alex.user.id)).toEqual([{ year: 2027, title: 'Birthday drink' }]);
    // Alex's wallet passes show the new coupon: their update is queued, once for the year.
    const wallet = new Queue(QueueName.Wallet, {
      connection: createRedisConnection(t.config.REDIS_URL, 'producer'),
      prefix: t.config.REDIS_PREFIX,
    });
    try {
      expect((await wallet.getJob(`wallet-birthday-${alex.user.id}-2027`))?.data).toEqual({ memberId: alex.user.id });
    } finally {
      await wallet.close();
    }
    expect(await grants(off.user.id)).toEqual([]);
    expect(await grants(gone.user.id)).toEqual([]);
    expect(await grants(later.user.id)).toEqual([]);

    // Again the same week, and twice at once (two workers): nothing more.
    await runDay('2027-03-12');
    const job = worker.get(GrantBirthdayCouponsJob);
    await Promise.all([job.handle(), job.handle()]);
    expect(await grants(alex.user.id)).toHaveLength(1);
    expect((await t.sql.query('select claimed_count from coupons where id = $1', [coupon.id])).rows[0].claimed_count).toBe(2);

    // The coupon is Alex's in My Coupons, and the e-mail went out once.
    const mine = (await t.request('GET', '/api/coupons/my', { token: alex.sessionId })).body.coupons;
    expect(mine.map((held: { coupon: { title: string } }) => held.coupon.title)).toEqual(['Birthday drink']);
    const mails = await mailsTo(mailDir, alex.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Subject: ${BIRTHDAY_MAIL_SUBJECT}`);
    expect(await mailsTo(mailDir, off.email)).toEqual([]);
    const deliveries = await t.sql.query('select kind, state, recipient from email_deliveries where subject_id = $1', [
      alex.user.id,
    ]);
    expect(deliveries.rows).toEqual([{ kind: 'birthday-coupon:2027', state: 'sent', recipient: alex.email }]);

    // The next year's week gives the next year's coupon.
    await runDay('2028-03-06');
    expect(await grants(alex.user.id)).toEqual([
      { year: 2027, title: 'Birthday drink' },
      { year: 2028, title: 'Birthday drink' },
    ]);
  });
});
