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
 * UTC+11 in November: 14:00 on Friday 27 November is 03:00 UTC.
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
    const confirmed = await insertBooking('confirmed@example.com', '2026-11-27', '22:00', 'confirmed');
    await insertBooking('requested@example.com', '2026-11-27', '22:00', 'requested');
    await insertBooking('cancelled@example.com', '2026-11-27', '22:00', 'cancelled');
    await insertBooking('tomorrow@example.com', '2026-11-28', '22:00', 'confirmed');

    expect(await run('2026-11-27T02:59:00Z')).toEqual({ night: null, queued: 0 }); // 13:59 venue time
    expect(await run('2026-11-27T03:00:00Z')).toEqual({ night: '2026-11-27', queued: 1 }); // 14:00
    expect(await run('2026-11-27T03:15:00Z')).toEqual({ night: '2026-11-27', queued: 0 });

    const [mail, ...more] = await mailsTo('confirmed@example.com');
    expect(more).toEqual([]);
    expect(mail).toContain('Subject: See you tonight - Nocturne');
    expect(mail).toContain('Date: Friday 27 November 2026');
    expect(mail).toContain('Time: 22:00');
    for (const other of ['requested', 'cancelled', 'tomorrow']) expect(await mailsTo(`${other}@example.com`)).toEqual([]);

    const link = /Cancel your booking here: (\S+)/.exec(mail!)?.[1];
    const url = new URL(link!);
    expect(url.pathname).toBe('/bookings/cancel');
    expect(url.searchParams.get('id')).toBe(confirmed);
    const page = await t.request('GET', `/api/bookings/${confirmed}/cancellation?token=${url.searchParams.get('token')}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ night: '2026-11-27', time: '22:00', status: 'confirmed' });
  }, 60_000);
});
