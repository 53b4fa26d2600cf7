import type { INestApplicationContext } from '@nestjs/common';
import { createRedisConnection, QueueName } from '@nocturne/queues';
import { startTestApp, type TestApp, testEnv, waitFor } from '@nocturne/testing';
import { Queue, QueueEvents } from 'bullmq';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { startWorker } from '../support/worker-app.js';

/*
 * The reminder the afternoon of the night: from 14:00 venue time the quarter-hourly job owes each
 * of tonight's confirmed bookings one e-mail, with the signed link that cancels it. Sydney is
 * UTC+11 in November: 14:00 on Friday 29 November 2030 is 03:00 UTC. (A night years ahead, so the
 * api, on the real clock, still lets the guest cancel it.)
 */
let t: TestApp;
let worker: INestApplicationContext;
let maintenance: Queue;
let email: Queue;
let events: QueueEvents;
let mailDir: string;
let now = new Date();

beforeAll(async () => {
  const base = await testEnv({ VENUE_TZ: 'Australia/Sydney' });
  mailDir = base.env['MAIL_DIR']!;
  t = await startTestApp({}, base);
  worker = await startWorker(base.env, { clock: () => now });
  const connection = { connection: createRedisConnection(base.env['REDIS_URL']!, 'producer'), prefix: base.env['REDIS_PREFIX'] };
  maintenance = new Queue(QueueName.Maintenance, connection);
  email = new Queue(QueueName.Email, connection);
  events = new QueueEvents(QueueName.Maintenance, {
    connection: createRedisConnection(base.env['REDIS_URL']!, 'worker'),
    prefix: base.env['REDIS_PREFIX'],
  });
  await events.waitUntilReady();
});
afterAll(async () => {
  await events?.close();
  await email?.close();
  await maintenance?.close();
  await worker?.close();
  await t?.close();
});

async function insertBooking(email: string, date: string, time: string, status: string): Promise<string> {
  const { rows } = await t.sql.query(
    `insert into bookings (name, email, date, time, guests, service, status) values ('Jordan Lee', $1, $2, $3, '2', 'vip-room', $4) returning id`,
    [email, date, time, status],
  );
  return rows[0].id;
}

async function run(at: string): Promise<{ night: string | null; queued: number }> {
  now = new Date(at);
  const job = await maintenance.add('maintenance.queue-booking-reminders', {});
  const outcome = (await job.waitUntilFinished(events, 30_000)) as { night: string | null; queued: number };
  await waitFor(
    async () => Object.values(await email.getJobCounts('waiting', 'active', 'delayed', 'prioritized')).every((n) => n === 0),
    { timeoutMs: 20_000, what: 'the reminders to be sent' },
  );
  return outcome;
}

async function mailsTo(address: string): Promise<string[]> {
  const files = await readdir(mailDir).catch(() => [] as string[]);
  const mails = await Promise.all(
    files.map(async (file) => (await readFile(path.join(mailDir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=')),
  );
  return mails.filter((mail) => mail.includes(`To: ${address}`));
}

describe('booking reminders', () => {
  it('is on the schedule, every quarter hour', async () => {
    const scheduler = await maintenance.getJobScheduler('queue-booking-reminders');
    expect(scheduler).toMatchObject({ name: 'maintenance.queue-booking-reminders', every: 15 * 60_000 });
  });

  it("go to tonight's confirmed guests from 14:00 venue time, once, with a cancel link that works", async () => {
    const confirmed = await insertBooking('confirmed@example.com', '2030-11-29', '22:00', 'confirmed');
    await insertBooking('requested@example.com', '2030-11-29', '22:00', 'requested');
    await insertBooking('cancelled@example.com', '2030-11-29', '22:00', 'cancelled');
    await insertBooking('tomorrow@example.com', '2030-11-30', '22:00', 'confirmed');

    expect(await run('2030-11-29T02:59:00Z')).toEqual({ night: null, queued: 0 }); // 13:59 venue time
    expect(await run('2030-11-29T03:00:00Z')).toEqual({ night: '2030-11-29', queued: 1 }); // 14:00
    expect(await run('2030-11-29T03:15:00Z')).toEqual({ night: '2030-11-29', queued: 0 });

    const [mail, ...more] = await mailsTo('confirmed@example.com');
    expect(more).toEqual([]);
    expect(mail).toContain('Subject: See you tonight - Nocturne');
    expect(mail).toContain('When: Friday night 29 November 2030, at 22:00');
    for (const other of ['requested', 'cancelled', 'tomorrow']) expect(await mailsTo(`${other}@example.com`)).toEqual([]);

    const link = /Cancel your booking here: (\S+)/.exec(mail!)?.[1];
    const url = new URL(link!);
    expect(url.pathname).toBe('/bookings/cancel');
    expect(url.searchParams.get('id')).toBe(confirmed);
    const page = await t.request('GET', `/api/bookings/${confirmed}/cancellation?token=${url.searchParams.get('token')}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ night: '2030-11-29', time: '22:00', status: 'confirmed', cancellable: true });

    // The guest cancels through it: the venue inbox is told, the place is free again.
    const token = url.searchParams.get('token');
    const cancelled = await t.request('POST', `/api/bookings/${confirmed}/cancel`, { body: { token } });
    expect(cancelled.status).toBe(200);
    await waitFor(async () => (await mailsTo(t.config.VENUE_INBOX)).some((m) => m.includes('Booking cancelled by the guest')), {
      timeoutMs: 30_000,
      what: 'the venue told of the cancellation',
    });
    const notice = (await mailsTo(t.config.VENUE_INBOX)).find((m) => m.includes('Booking cancelled by the guest'))!;
    // Long headers are folded (RFC 5322): unfolded before reading.
    expect(notice.replace(/\r?\n[ \t]+/g, ' ')).toContain(
      'Subject: Booking cancelled by the guest: Jordan Lee, Friday night 29 November 2030, at 22:00',
    );
    expect(notice).toContain(`Reference: ${confirmed}`);
  }, 60_000);
});
