import { jest } from '@jest/globals';
import { randomIp, registerAdmin, registerMember, startTestApp, type TestApp } from '@nocturne/testing';
import { BookingClock } from '../src/modules/venue-inbox/booking-clock.js';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp({ VENUE_TZ: 'Australia/Sydney' });
  adminToken = (await registerAdmin(t)).sessionId;
  // The venue's clock at 19:00 on Wednesday 25 November 2026 (UTC+11): tonight is the 25th, its
  // slots from 20:00 still to come (booking-nights.spec.ts sets other hours).
  jest.spyOn(t.app.get(BookingClock, { strict: false }), 'now').mockReturnValue(new Date('2026-11-25T08:00:00Z'));
});
afterAll(async () => {
  await t.close();
});

const contact = { name: '  Sam Carter ', email: 'Sam@Example.com', message: ' Do you have a coat check? ' };
const booking = {
  name: 'Jordan Lee',
  email: 'jordan@example.com',
  phone: '0400 000 000',
  date: '2026-11-27',
  time: '22:00',
  guests: '4',
  service: 'vip-room',
  message: '',
  fillMs: 4200,
};

describe('contact messages', () => {
  it('stores a trimmed message with a pending e-mail to the venue inbox and answers 202', async () => {
    const answer = await t.request('POST', '/api/contact', { body: contact, headers: { 'x-forwarded-for': randomIp() } });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ success: true, id: expect.any(String) });
    const inbox = await t.request('GET', '/api/admin/contact-messages', { token: adminToken });
    expect(inbox.status).toBe(200);
    expect(inbox.body.messages[0]).toMatchObject({
      id: answer.body.id,
      name: 'Sam Carter',
      email: 'sam@example.com',
      message: 'Do you have a coat check?',
      isSpam: false,
      deliveries: [
        {
          kind: 'venue-notification',
          recipient: t.config.VENUE_INBOX,
          state: 'pending',
          attempts: 0,
          lastError: null,
          sentAt: null,
        },
      ],
    });
    const { rows } = await t.sql.query(
      "select count(*)::int as n from outbox where type = 'ContactMessageReceived' and aggregate_id = $1",
      [answer.body.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('names the field at fault', async () => {
    const ip = randomIp();
    const noEmail = await t.request('POST', '/api/contact', {
      body: { ...contact, email: 'nope' },
      headers: { 'x-forwarded-for': ip },
    });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.issues).toEqual([expect.objectContaining({ path: 'email' })]);
    const long = await t.request('POST', '/api/contact', {
      body: { ...contact, message: 'x'.repeat(5001) },
      headers: { 'x-forwarded-for': ip },
    });
    expect(long.status).toBe(400);
    expect(long.body.issues).toEqual([expect.objectContaining({ path: 'message' })]);
    const blank = await t.request('POST', '/api/contact', {
      body: { ...contact, name: '   ' },
      headers: { 'x-forwarded-for': ip },
    });
    expect(blank.body.issues).toEqual([expect.objectContaining({ path: 'name' })]);
  });

  it('takes 5 messages per 10 minutes from one address', async () => {
    const ip = randomIp();
    for (let n = 0; n < 5; n += 1) {
      expect((await t.request('POST', '/api/contact', { body: contact, headers: { 'x-forwarded-for': ip } })).status).toBe(202);
    }
    const sixth = await t.request('POST', '/api/contact', { body: contact, headers: { 'x-forwarded-for': ip } });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.body.retryAfter)).toBeGreaterThan(0);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(9 * 60);
  });
});

describe('bookings', () => {
  it('accepts tonight (venue time) and later, with e-mails owed to the venue and the guest', async () => {
    const today = '2026-11-25';
    const answer = await t.request('POST', '/api/bookings', {
      body: { ...booking, date: today },
      headers: { 'x-forwarded-for': randomIp() },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ success: true, id: expect.any(String) });
    const list = await t.request('GET', '/api/admin/bookings', { token: adminToken });
    const stored = list.body.bookings.find((b: { id: string }) => b.id === answer.body.id);
    expect(stored).toMatchObject({
      date: today,
      time: '22:00',
      guests: '4',
      service: 'vip-room',
      status: 'requested',
      message: null,
    });
    expect(stored.deliveries.map((d: { kind: string; recipient: string }) => [d.kind, d.recipient])).toEqual([
      ['guest-acknowledgement', 'jordan@example.com'],
      ['venue-notification', t.config.VENUE_INBOX],
    ]);
  });

  it('refuses a date before tonight, an unknown slot or service, naming the field', async () => {
    const yesterday = '2026-11-24';
    const past = await t.request('POST', '/api/bookings', { body: { ...booking, date: yesterday } });
    expect(past.status).toBe(400);
    expect(past.body.issues).toEqual([expect.objectContaining({ path: 'date' })]);
    const slot = await t.request('POST', '/api/bookings', { body: { ...booking, time: '17:00' } });
    expect(slot.body.issues).toEqual([expect.objectContaining({ path: 'time' })]);
    const service = await t.request('POST', '/api/bookings', { body: { ...booking, service: 'pool-party' } });
    expect(service.body.issues).toEqual([expect.objectContaining({ path: 'service' })]);
    const guests = await t.request('POST', '/api/bookings', { body: { ...booking, guests: '7' } });
    expect(guests.body.issues).toEqual([expect.objectContaining({ path: 'guests' })]);
  });

  it('lets an admin confirm or decline, owing the guest one e-mail per change', async () => {
    const { body } = await t.request('POST', '/api/bookings', { body: booking });
    const confirm = await t.request('PATCH', `/api/admin/bookings/${body.id}`, {
      token: adminToken,
      body: { status: 'confirmed', note: 'Booth 3' },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.booking).toMatchObject({
      status: 'confirmed',
      statusNote: 'Booth 3',
      statusChangedAt: expect.any(String),
    });
    await t.request('PATCH', `/api/admin/bookings/${body.id}`, { token: adminToken, body: { status: 'confirmed' } });
    const { rows } = await t.sql.query(
      "select count(*)::int as n from outbox where type = 'BookingStatusChanged' and aggregate_id = $1",
      [body.id],
    );
    expect(rows[0].n).toBe(1);

    expect(
      (await t.request('PATCH', `/api/admin/bookings/${body.id}`, { token: adminToken, body: { status: 'maybe' } })).status,
    ).toBe(400);
    expect(
      (
        await t.request('PATCH', '/api/admin/bookings/00000000-0000-4000-8000-000000000000', {
          token: adminToken,
          body: { status: 'declined' },
        })
      ).status,
    ).toBe(404);
    const member = await registerMember(t);
    expect(
      (await t.request('PATCH', `/api/admin/bookings/${body.id}`, { token: member.sessionId, body: { status: 'declined' } }))
        .status,
    ).toBe(403);
  });
});

describe('bookings are no spam relay', () => {
  const ask = (body: Record<string, unknown>, ip = randomIp()) =>
    t.request('POST', '/api/bookings', { body: { ...booking, ...body }, headers: { 'x-forwarded-for': ip } });

  it('refuses a form sent within 3 s of opening, or without its fill time, naming fillMs', async () => {
    for (const fillMs of [800, undefined]) {
      const answer = await ask({ fillMs });
      expect(answer.status).toBe(400);
      expect(answer.body.issues.map((issue: { path: string }) => issue.path)).toEqual(['fillMs']);
    }
  });

  it('answers a filled honeypot as accepted, storing and sending nothing', async () => {
    const email = `bot-${randomIp()}@example.com`;
    const answer = await ask({ email, website: 'https://spam.example' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ success: true, id: expect.any(String) });
    expect((await t.sql.query('select count(*)::int as n from bookings where email = $1', [email])).rows[0].n).toBe(0);
    expect((await t.sql.query('select count(*)::int as n from email_deliveries where recipient = $1', [email])).rows[0].n).toBe(
      0,
    );
  });

  it('takes 5 booking requests per 10 minutes from one address, with Retry-After', async () => {
    const ip = randomIp();
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push(await ask({ email: `guest${i}@example.com` }, ip));
    expect(statuses.slice(0, 5).map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses[5]!.status).toBe(429);
    expect(Number(statuses[5]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('acknowledges one address at most 3 times a day; later requests are still stored for the venue', async () => {
    const email = `Target.${randomIp()}@Example.com`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await ask({ email: i % 2 ? email.toLowerCase() : email })).body.id);
    const deliveries = await t.sql.query('select subject_id, kind from email_deliveries where subject_id = any($1::uuid[])', [
      ids,
    ]);
    expect(deliveries.rows.filter((row) => row.kind === 'venue-notification')).toHaveLength(5);
    expect(deliveries.rows.filter((row) => row.kind === 'guest-acknowledgement').map((row) => row.subject_id)).toEqual(
      ids.slice(0, 3),
    );
  });
});

describe('ActiveCampaign without configuration', () => {
  it('says clearly that AC is not configured, for one member and for a bulk sync', async () => {
    const member = await registerMember(t);
    const one = await t.request('POST', `/api/admin/sync-contact/${member.user.id}`, { token: adminToken });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ success: false, status: 'not_configured', error: expect.stringContaining('not configured') });
    const bulk = await t.request('POST', '/api/admin/sync-contacts', { token: adminToken });
    expect(bulk.status).toBe(409);
    expect(bulk.body.message).toContain('not configured');
    const status = await t.request('GET', '/api/admin/integrations/activecampaign', { token: adminToken });
    expect(status.body).toMatchObject({
      configured: false,
      accountUrl: null,
      autoSync: false,
      lastSyncAt: null,
      failed: 0,
      runningJobId: null,
    });
    expect(status.body.pending).toBeGreaterThan(0);
    // The ActiveCampaign tab names what to set; nothing optional is reported as in use.
    expect(status.body).toMatchObject({
      missingVariables: ['AC_API_URL', 'AC_API_KEY'],
      listId: null,
      customFields: { tier: false, points: false },
    });
    expect(
      (await t.request('GET', '/api/admin/sync-jobs/00000000-0000-4000-8000-000000000000', { token: adminToken })).status,
    ).toBe(404);
  });
});
