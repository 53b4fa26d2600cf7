import type { INestApplicationContext } from '@nestjs/common';
import { createRedisConnection, QueueName } from '@nocturne/queues';
import { startTestApp, type TestApp, testEnv, waitFor } from '@nocturne/testing';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { startWorker } from '../support/worker-app.js';

/*
 * The daily trim deletes each log's rows past its retention (docs/SECURITY.md),
 * keeps the rows just inside it and every delivery still pending, and trims the audit log through
 * its trigger's sanctioned path.
 */
let t: TestApp;
let worker: INestApplicationContext;
let queue: Queue;

beforeAll(async () => {
  const base = await testEnv({});
  t = await startTestApp({}, base);
  worker = await startWorker(base.env);
  queue = new Queue(QueueName.Maintenance, {
    connection: createRedisConnection(base.env['REDIS_URL']!, 'producer'),
    prefix: base.env['REDIS_PREFIX'],
  });
});
afterAll(async () => {
  await queue.close();
  await worker.close();
  await t.close();
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

async function id(statement: string, values: unknown[]): Promise<string> {
  return String((await t.sql.query(`${statement} returning id`, values)).rows[0].id);
}

it('deletes what is past each retention, keeps what is inside it and what is still pending', async () => {
  const scan = (at: string) =>
    id(`insert into qr_scans (at, scanned_id, action, result, reason) values ($1, 'X', 'validate', 'accepted', 'ok')`, [at]);
  const mail = (at: string, state: string) =>
    id(
      `insert into email_deliveries (subject_type, subject_id, kind, recipient, state, created_at) values ('booking', $1, 'venue-notification', 'venue@example.test', $2, $3)`,
      [randomUUID(), state, at],
    );
  const endpoint = await id(
    `insert into webhook_endpoints (url, events, secret) values ('https://hooks.example.test/', '{}', 's')`,
    [],
  );
  const hook = (at: string, state: string) =>
    id(
      `insert into webhook_deliveries (endpoint_id, event_id, event_type, payload, state, created_at) values ($1, $2, 'member.registered', '{}', $3, $4)`,
      [endpoint, randomUUID(), state, at],
    );
  const audit = (at: string) => id(`insert into audit_log (at, actor_role, action) values ($1, 'admin', 'coupon.update')`, [at]);
  const booking = (night: string | null, at: string) =>
    id(
      `insert into bookings (name, email, date, guests, service, created_at) values ('Guest', 'guest@example.test', $1, '2', 'vip-room', $2)`,
      [night, at],
    );
  const message = (at: string) =>
    id(`insert into contact_messages (name, email, message, created_at) values ('Guest', 'guest@example.test', 'Hi', $1)`, [at]);

  const gone = [
    await scan(daysAgo(366)),
    await mail(daysAgo(91), 'sent'),
    await hook(daysAgo(31), 'failed'),
    await audit(daysAgo(366)),
    await booking(daysAgo(367).slice(0, 10), daysAgo(400)),
    await booking(null, daysAgo(367)),
    await message(daysAgo(366)),
  ];
  const kept = [
    await scan(daysAgo(364)),
    await mail(daysAgo(89), 'sent'),
    await mail(daysAgo(200), 'pending'),
    await hook(daysAgo(29), 'succeeded'),
    await hook(daysAgo(200), 'pending'),
    await audit(daysAgo(364)),
    // Asked for long ago, for a night less than a year past.
    await booking(daysAgo(363).slice(0, 10), daysAgo(500)),
    await booking(null, daysAgo(363)),
    await message(daysAgo(364)),
  ];

  const job = await queue.add('maintenance.trim-logs', {});
  await waitFor(async () => (await queue.getJob(job.id!))?.finishedOn, { timeoutMs: 20_000, what: 'the trim' });
  const done = await queue.getJob(job.id!);
  expect(done?.failedReason).toBeUndefined();
  // The daily scheduler's first run, at the worker's start, may have trimmed some of these already.
  expect(Object.keys(done?.returnvalue ?? {}).sort()).toEqual([
    'auditLog',
    'bookings',
    'contactMessages',
    'emailDeliveries',
    'qrScans',
    'webhookDeliveries',
  ]);

  const left = async (ids: string[]) =>
    (
      await t.sql.query(
        `select id::text from qr_scans where id::text = any($1) union all select id::text from email_deliveries where id::text = any($1)
         union all select id::text from webhook_deliveries where id::text = any($1) union all select id::text from audit_log where id::text = any($1)
         union all select id::text from bookings where id::text = any($1) union all select id::text from contact_messages where id::text = any($1)`,
        [ids],
      )
    ).rows.map((row) => row.id as string);
  expect(await left(gone)).toEqual([]);
  expect((await left(kept)).sort()).toEqual([...kept].sort());

  // A second run finds nothing left to trim, and keeps what is inside each retention.
  const again = await queue.add('maintenance.trim-logs', {});
  await waitFor(async () => (await queue.getJob(again.id!))?.finishedOn, { timeoutMs: 20_000, what: 'the second trim' });
  expect((await queue.getJob(again.id!))?.returnvalue).toEqual({
    qrScans: 0,
    emailDeliveries: 0,
    webhookDeliveries: 0,
    auditLog: 0,
    bookings: 0,
    contactMessages: 0,
  });
  expect((await left(kept)).sort()).toEqual([...kept].sort());
});
