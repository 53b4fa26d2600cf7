import type { INestApplicationContext } from '@nestjs/common';
import { createRedisConnection, QueueName } from '@nocturne/queues';
import { startTestApp, type TestApp, testEnv, waitFor } from '@nocturne/testing';
import { Queue, QueueEvents } from 'bullmq';
import ICAL from 'ical.js';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { startWorker } from '../support/worker-app.js';

/*
 * A group of two venues: Nocturne (venue 1) on the install's settings, here London time, and The
 * Harbour Room in Sydney with its own zone and hours (doors 18:00, closing 03:00). A booking at the
 * Harbour Room is e-mailed with its name, address and Sydney's time, its calendar entry set in
 * Sydney's clocks at its address, and reminded the afternoon of its night in Sydney.
 * Sydney is UTC+11 in December: 20:00 on Friday 6 December 2030 there is 09:00 UTC.
 */
let t: TestApp;
let worker: INestApplicationContext;
let maintenance: Queue;
let email: Queue;
let events: QueueEvents;
let mailDir: string;
let now = new Date('2030-12-01T00:00:00Z');
let harbourId: number;

beforeAll(async () => {
  const base = await testEnv({ VENUE_TZ: 'Europe/London' });
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
  const { rows } = await t.sql.query(
    `insert into venues (slug, name, kind, street, locality, region, postal_code, country, time_zone, opening_hours, position)
     values ('the-harbour-room', 'The Harbour Room', 'BarOrPub', '2 Circular Quay', 'Sydney', 'NSW', '2000', 'Australia',
             'Australia/Sydney', '{"opensAtHour":[18,18,18,18,18,18,18],"closesAtHour":3,"lastBookingHour":1}', 1) returning id`,
  );
  harbourId = rows[0].id;
});
afterAll(async () => {
  await events?.close();
  await email?.close();
  await maintenance?.close();
  await worker?.close();
  await t?.close();
});

async function insertBooking(address: string, date: string, time: string, venueId: number): Promise<string> {
  const { rows } = await t.sql.query(
    `insert into bookings (name, email, date, time, guests, service, status, venue_id)
     values ('Jordan Lee', $1, $2, $3, '4', 'vip-room', 'confirmed', $4) returning id`,
    [address, date, time, venueId],
  );
  return rows[0].id;
}

async function mailsTo(address: string): Promise<string[]> {
  const files = await readdir(mailDir).catch(() => [] as string[]);
  const mails = await Promise.all(
    files.map(async (file) => (await readFile(path.join(mailDir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=')),
  );
  return mails.filter((mail) => mail.includes(`To: ${address}`));
}

const settled = () =>
  waitFor(
    async () => Object.values(await email.getJobCounts('waiting', 'active', 'delayed', 'prioritized')).every((n) => n === 0),
    { timeoutMs: 20_000, what: 'the e-mails to be sent' },
  );

/** The .ics attachment of a mail (base64 in the .eml), as a calendar app reads it. */
function icsOf(mail: string) {
  const part = /Content-Type: text\/calendar[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail)?.[1];
  if (!part) throw new Error('no calendar attachment');
  const ics = Buffer.from(part.replace(/\s+/g, ''), 'base64').toString('utf8');
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
}

describe("a group's booking e-mails", () => {
  it("name a Sydney venue's name, address and Sydney's time, with a calendar entry at its address in Sydney's clocks", async () => {
    const bookingId = await insertBooking('sydney-guest@example.com', '2030-12-06', '20:00', harbourId);
    await t.sql.query(
      `insert into email_deliveries (subject_type, subject_id, kind, recipient) values ('booking', $1, 'guest-status-confirmed', 'sydney-guest@example.com')`,
      [bookingId],
    );
    await email.add('email.booking-status', { bookingId, status: 'confirmed' });
    await settled();
    await waitFor(async () => (await mailsTo('sydney-guest@example.com')).length > 0, { timeoutMs: 20_000, what: 'the mail' });
    const [mail] = await mailsTo('sydney-guest@example.com');
    const text = mail!.replace(/\r?\n[ \t]+/g, ' ');
    expect(text).toContain('Subject: Your booking is confirmed - The Harbour Room');
    expect(text).toContain('Venue: The Harbour Room, 2 Circular Quay, Sydney NSW 2000, Australia');
    expect(text).toContain('When: Friday night 6 December 2030, at 20:00, Sydney time (Australia/Sydney)');

    const event = icsOf(mail!);
    // 20:00 in Sydney (UTC+11) is 09:00 UTC; the night ends at the Harbour Room's 03:00 closing.
    expect(event.startDate.toJSDate().toISOString()).toBe('2030-12-06T09:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2030-12-06T16:00:00.000Z');
    expect(event.location).toBe('The Harbour Room, 2 Circular Quay, Sydney NSW 2000, Australia');
    expect(event.summary).toBe('The Harbour Room: VIP room, 4 guests');
    expect(event.description).toContain('20:00 Sydney time (Australia/Sydney)');
  }, 60_000);

  it("reminds each venue's guests the afternoon of its own night: Sydney's 14:00, not London's", async () => {
    await insertBooking('harbour-tonight@example.com', '2030-12-13', '21:00', harbourId);
    await insertBooking('london-tonight@example.com', '2030-12-13', '22:00', 1);
    const run = async (at: string) => {
      now = new Date(at);
      const job = await maintenance.add('maintenance.queue-booking-reminders', {});
      const outcome = (await job.waitUntilFinished(events, 30_000)) as { night: string | null; queued: number };
      await settled();
      return outcome;
    };
    // 14:00 on Friday 13 December in Sydney is 03:00 UTC: in London still Thursday's club night.
    expect(await run('2030-12-13T03:00:00Z')).toEqual({ night: '2030-12-12', queued: 1 });
    const [reminder] = await mailsTo('harbour-tonight@example.com');
    expect(reminder).toContain('Subject: See you tonight - The Harbour Room');
    expect(reminder).toContain('A reminder of your booking at The Harbour Room tonight:');
    expect(reminder).toContain('When: Friday night 13 December 2030, at 21:00, Sydney time (Australia/Sydney)');
    expect(await mailsTo('london-tonight@example.com')).toEqual([]);
    // 14:00 in London: Nocturne's guest, named as the group's venue it is.
    expect(await run('2030-12-13T14:00:00Z')).toEqual({ night: '2030-12-13', queued: 1 });
    const [london] = await mailsTo('london-tonight@example.com');
    expect(london).toContain('Subject: See you tonight - Nocturne');
    expect(london).toContain('When: Friday night 13 December 2030, at 22:00, London time (Europe/London)');
  }, 60_000);
});
