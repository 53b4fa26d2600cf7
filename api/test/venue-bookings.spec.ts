import { jest } from '@jest/globals';
import { randomIp, registerAdmin, registerStaff, startTestApp, type TestApp } from '@nocturne/testing';
import { BookingClock } from '../src/modules/venue-inbox/booking-clock.js';

/*
 * Two venues of one group in different time zones, through HTTP: Nocturne (venue 1) runs on the
 * install's settings (Australia/Sydney, VENUE_INBOX, the standard hours), The Velvet Room on its
 * own (Europe/London, its own inbox, doors at 18:00 every night, last booking at midnight).
 * 08:00 on Thursday 26 November in Sydney is 21:00 on Wednesday 25 November in London: the same
 * instant is a different club night at each.
 */
const SYD = 'Australia/Sydney';
const INSTANT = new Date('2026-11-25T21:00:00Z');

let t: TestApp;
let adminToken: string;
let managerToken: string;
let clock: BookingClock;

beforeAll(async () => {
  t = await startTestApp({ VENUE_TZ: SYD, VENUE_INBOX: 'nocturne-inbox@example.com' });
  adminToken = (await registerAdmin(t)).sessionId;
  managerToken = (await registerStaff(t, 'manager')).sessionId;
  clock = t.app.get(BookingClock, { strict: false });
  const created = await t.request('POST', '/api/admin/venues', {
    token: adminToken,
    body: {
      slug: 'the-velvet-room',
      name: 'The Velvet Room',
      kind: 'BarOrPub',
      address: { street: '12 Old Compton St', locality: 'London', postalCode: 'W1D 4TQ', country: 'United Kingdom' },
      inboxEmail: 'velvet-inbox@example.com',
      timeZone: 'Europe/London',
      openingHours: { opensAtHour: [18, 18, 18, 18, 18, 18, 18], closesAtHour: 2, lastBookingHour: 0 },
    },
  });
  expect(created.status).toBe(201);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => jest.spyOn(clock, 'now').mockReturnValue(INSTANT));
afterEach(() => jest.restoreAllMocks());

const form = { name: 'Jordan Lee', guests: '2', service: 'vip-room', fillMs: 4200 };
const book = (body: Record<string, unknown>) =>
  t.request('POST', '/api/bookings', {
    body: { ...form, email: `guest-${randomIp()}@example.com`, ...body },
    headers: { 'x-forwarded-for': randomIp() },
  });
const inboxOf = async (subjectId: string) =>
  (
    await t.sql.query<{ recipient: string }>(
      `select recipient from email_deliveries where subject_id = $1 and kind = 'venue-notification'`,
      [subjectId],
    )
  ).rows.map((row) => row.recipient);

describe('bookings at two venues of the group', () => {
  it("gives each venue's nights in its own time zone", async () => {
    const sydney = await t.request('GET', '/api/bookings/availability');
    expect(sydney.body.firstNight).toBe('2026-11-26');
    const london = await t.request('GET', '/api/bookings/availability?venue=the-velvet-room');
    expect(london.body.firstNight).toBe('2026-11-25');
    const unknown = await t.request('GET', '/api/bookings/availability?venue=the-blue-room');
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues).toEqual([{ path: 'venue', message: 'names no venue of the group' }]);
  });

  it("judges the night and its slots by each venue's own zone and opening hours", async () => {
    // Wednesday's night has ended in Sydney but is under way in London.
    const endedInSydney = await book({ date: '2026-11-25', time: '23:00' });
    expect(endedInSydney.status).toBe(400);
    expect((await book({ date: '2026-11-25', time: '23:00', venue: 'the-velvet-room' })).status).toBe(201);
    // 18:00 on a Thursday: The Velvet Room's doors are open, Nocturne's open at 19:00.
    expect((await book({ date: '2026-11-26', time: '18:00', venue: 'the-velvet-room' })).status).toBe(201);
    const closedInSydney = await book({ date: '2026-11-26', time: '18:00' });
    expect(closedInSydney.status).toBe(400);
    expect(closedInSydney.body.issues[0].path).toBe('time');
    // The Velvet Room takes its last booking at midnight.
    const late = await book({ date: '2026-11-26', time: '01:00', venue: 'the-velvet-room' });
    expect(late.status).toBe(400);
    expect(late.body.issues[0].path).toBe('time');
    expect((await book({ date: '2026-11-26', time: '01:00' })).status).toBe(201);
  });

  it("sends each venue's booking requests and messages to its own inbox, and files them under it", async () => {
    const velvet = await book({ date: '2026-11-28', time: '21:00', venue: 'the-velvet-room' });
    const nocturne = await book({ date: '2026-11-28', time: '21:00' });
    expect(await inboxOf(velvet.body.id)).toEqual(['velvet-inbox@example.com']);
    expect(await inboxOf(nocturne.body.id)).toEqual(['nocturne-inbox@example.com']);
    const { rows } = await t.sql.query<{ id: string; venue_id: number }>('select id, venue_id from bookings where id = any($1)', [
      [velvet.body.id, nocturne.body.id],
    ]);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.venue_id]))).toEqual({ [velvet.body.id]: 2, [nocturne.body.id]: 1 });

    const message = await t.request('POST', '/api/contact', {
      body: { name: 'Kim', email: 'kim@example.com', message: 'Do you take groups?', venue: '2' },
      headers: { 'x-forwarded-for': randomIp() },
    });
    expect(message.status).toBe(202);
    expect(await inboxOf(message.body.id)).toEqual(['velvet-inbox@example.com']);

    // The staff inbox, for one venue or the group.
    const velvetOnly = await t.request('GET', '/api/admin/bookings?venue=the-velvet-room&limit=100', { token: managerToken });
    const ids = velvetOnly.body.bookings.map((booking: { id: string }) => booking.id);
    expect(ids).toContain(velvet.body.id);
    expect(ids).not.toContain(nocturne.body.id);
    const group = await t.request('GET', '/api/admin/bookings?limit=100', { token: managerToken });
    expect(group.body.bookings.map((booking: { id: string }) => booking.id)).toEqual(
      expect.arrayContaining([velvet.body.id, nocturne.body.id]),
    );
    const messages = await t.request('GET', '/api/admin/contact-messages?venue=nocturne', { token: managerToken });
    expect(messages.body.messages.map((m: { id: string }) => m.id)).not.toContain(message.body.id);

    // Each row names its venue.
    const venueOf = (rows: { id: string; venue: unknown }[], id: string) => rows.find((row) => row.id === id)?.venue;
    expect(venueOf(group.body.bookings, velvet.body.id)).toEqual({ id: 2, name: 'The Velvet Room' });
    expect(venueOf(group.body.bookings, nocturne.body.id)).toEqual({ id: 1, name: 'Nocturne' });
    const allMessages = await t.request('GET', '/api/admin/contact-messages?limit=100', { token: managerToken });
    expect(venueOf(allMessages.body.messages, message.body.id)).toEqual({ id: 2, name: 'The Velvet Room' });
  });

  it("counts each venue's places against its own capacity", async () => {
    const set = await t.request('PUT', '/api/admin/booking-capacities', {
      token: managerToken,
      body: { night: '2026-11-27', service: 'vip-room', capacity: 1, venue: 'the-velvet-room' },
    });
    expect(set.status).toBe(200);
    expect((await book({ date: '2026-11-27', time: '21:00', venue: 'the-velvet-room' })).status).toBe(201);
    const full = await book({ date: '2026-11-27', time: '22:00', venue: 'the-velvet-room' });
    expect(full.status).toBe(409);
    // Nocturne's VIP room that night has no limit.
    expect((await book({ date: '2026-11-27', time: '21:00' })).status).toBe(201);
    const nocturne = await t.request('GET', '/api/admin/booking-capacities?night=2026-11-27', { token: managerToken });
    expect(nocturne.body.capacities.find((c: { service: string }) => c.service === 'vip-room').capacity).toBeNull();
    const london = await t.request('GET', '/api/bookings/availability?venue=the-velvet-room');
    expect(london.body.full).toEqual([{ night: '2026-11-27', service: 'vip-room' }]);
    expect((await t.request('GET', '/api/bookings/availability')).body.full).toEqual([]);
  });

  it('takes no new bookings or messages at an archived venue, and keeps its bookings', async () => {
    const before = await t.sql.query<{ n: number }>('select count(*)::int as n from bookings where venue_id = 2');
    expect((await t.request('POST', '/api/admin/venues/2/archive', { token: adminToken })).status).toBe(200);
    const refused = await book({ date: '2026-11-28', time: '21:00', venue: 'the-velvet-room' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The Velvet Room is closed and takes no new bookings or messages.');
    const message = await t.request('POST', '/api/contact', {
      body: { name: 'Kim', email: 'kim@example.com', message: 'Hello?', venue: 'the-velvet-room' },
      headers: { 'x-forwarded-for': randomIp() },
    });
    expect(message.status).toBe(409);
    expect((await t.sql.query<{ n: number }>('select count(*)::int as n from bookings where venue_id = 2')).rows[0]!.n).toBe(
      before.rows[0]!.n,
    );
    const history = await t.request('GET', '/api/admin/bookings?venue=the-velvet-room&limit=100', { token: managerToken });
    expect(history.body.bookings.length).toBe(before.rows[0]!.n);
    expect((await t.request('POST', '/api/admin/venues/2/unarchive', { token: adminToken })).status).toBe(200);
  });
});
