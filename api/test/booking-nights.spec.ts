import { jest } from '@jest/globals';
import { addDays, clubNightOf } from '@nocturne/domain';
import { randomIp, registerAdmin, registerStaff, startTestApp, type TestApp } from '@nocturne/testing';
import { bookingCancelKey, bookingCancelToken } from '@nocturne/config';
import { BookingClock } from '../src/modules/venue-inbox/booking-clock.js';

/*
 * Bookings that fit the night (PRODUCT.md §2.3), through HTTP with the venue's clock set: Sydney
 * in November is UTC+11, so 01:30 on Thursday 26 November is 14:30 UTC on the 25th, and "tonight"
 * is still the night of Wednesday 25 November.
 */
const SYD = 'Australia/Sydney';
const syd = (wall: string) => new Date(new Date(`${wall}Z`).getTime() - 11 * 3600_000);

let t: TestApp;
let managerToken: string;
let clock: BookingClock;

beforeAll(async () => {
  t = await startTestApp({ VENUE_TZ: SYD });
  managerToken = (await registerStaff(t, 'manager')).sessionId;
  clock = t.app.get(BookingClock, { strict: false });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => jest.restoreAllMocks());

const setClock = (wall: string) => jest.spyOn(clock, 'now').mockReturnValue(syd(wall));

const form = {
  name: 'Jordan Lee',
  email: 'jordan@example.com',
  guests: '2',
  service: 'vip-room',
  fillMs: 4200,
};
const book = (body: Record<string, unknown>) =>
  t.request('POST', '/api/bookings', {
    body: { ...form, email: `guest-${randomIp()}@example.com`, ...body },
    headers: { 'x-forwarded-for': randomIp() },
  });

describe('a booking at 01:30 venue time', () => {
  beforeEach(() => setClock('2026-11-26T01:30:00'));

  it('is for tonight, the night that began yesterday: its 02:00 slot is taken', async () => {
    const answer = await book({ date: '2026-11-25', time: '02:00' });
    expect(answer.status).toBe(201);
    const { rows } = await t.sql.query('select date::text as date, time from bookings where id = $1', [answer.body.id]);
    expect(rows[0]).toEqual({ date: '2026-11-25', time: '02:00' });
  });

  it("refuses tonight's slots already begun, naming the one left", async () => {
    const answer = await book({ date: '2026-11-25', time: '23:00' });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([
      { path: 'time', message: '23:00 tonight has already begun; the only time left tonight is 02:00.' },
    ]);
  });

  it('refuses a night that has ended, with words naming that night and tonight', async () => {
    const answer = await book({ date: '2026-11-24', time: '22:00' });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([
      {
        path: 'date',
        message:
          'The night of Tuesday 24 November 2026 has ended. Tonight is the night of Wednesday 25 November 2026; please choose it or a later night.',
      },
    ]);
    expect(answer.body.message).toContain('Tuesday 24 November 2026');
  });

  it('refuses a booking without a time, or without a night, naming the field', async () => {
    const noTime = await book({ date: '2026-11-27' });
    expect(noTime.status).toBe(400);
    expect(noTime.body.issues).toEqual([{ path: 'time', message: 'Please choose a time.' }]);
    const blankTime = await book({ date: '2026-11-27', time: '' });
    expect(blankTime.body.issues).toEqual([{ path: 'time', message: 'Please choose a time.' }]);
    const noNight = await book({ time: '22:00' });
    expect(noNight.body.issues).toEqual([{ path: 'date', message: 'Please choose the night of your booking.' }]);
  });

  it('takes a night up to 6 months ahead and no later', async () => {
    expect((await book({ date: '2027-05-25', time: '22:00' })).status).toBe(201);
    const late = await book({ date: '2027-05-26', time: '22:00' });
    expect(late.status).toBe(400);
    expect(late.body.issues).toEqual([
      { path: 'date', message: 'Bookings open 6 months ahead: the last night you can book now is Tuesday 25 May 2027.' },
    ]);
    expect((await book({ date: '2029-01-05', time: '22:00' })).status).toBe(400);
  });

  it("refuses a time outside the night's opening hours", async () => {
    // Wednesday's doors open at 20:00; Friday's at 19:00.
    const early = await book({ date: '2026-12-02', time: '19:00' });
    expect(early.body.issues).toEqual([
      { path: 'time', message: 'On Wednesday nights we take bookings from 20:00 to 02:00; please choose one of those times.' },
    ]);
    expect((await book({ date: '2026-12-04', time: '19:00' })).status).toBe(201);
  });
});

describe("a night's capacity", () => {
  beforeEach(() => setClock('2026-11-26T15:00:00'));

  it('is set by a manager; a full night is refused and shown full before the form is filled', async () => {
    const night = '2026-12-11';
    const set = await t.request('PUT', '/api/admin/booking-capacities', {
      token: managerToken,
      body: { night, service: 'luxury-suite', capacity: 1 },
    });
    expect(set.status).toBe(200);
    expect(set.body.capacity).toEqual({ night, service: 'luxury-suite', capacity: 1, booked: 0, full: false });

    const before = await t.request('GET', '/api/bookings/availability');
    expect(before.body).toEqual({ firstNight: '2026-11-26', lastNight: '2027-05-26', full: [] });

    expect((await book({ date: night, time: '22:00', service: 'luxury-suite' })).status).toBe(201);
    const full = await book({ date: night, time: '23:00', service: 'luxury-suite' });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(
      'Luxury Suite is fully booked on the night of Friday 11 December 2026. Please choose another night or service.',
    );
    expect(full.body.issues).toEqual([{ path: 'date', message: full.body.message }]);
    // Another service the same night still takes bookings.
    expect((await book({ date: night, time: '23:00', service: 'vip-room' })).status).toBe(201);

    const after = await t.request('GET', '/api/bookings/availability');
    expect(after.body.full).toEqual([{ night, service: 'luxury-suite' }]);
    const nightList = await t.request('GET', `/api/admin/booking-capacities?night=${night}`, { token: managerToken });
    expect(nightList.body.capacities).toEqual(
      expect.arrayContaining([
        { night, service: 'luxury-suite', capacity: 1, booked: 1, full: true },
        { night, service: 'vip-room', capacity: null, booked: 1, full: false },
      ]),
    );

    // Taking the limit away opens the night again.
    await t.request('PUT', '/api/admin/booking-capacities', {
      token: managerToken,
      body: { night, service: 'luxury-suite', capacity: null },
    });
    expect((await t.request('GET', '/api/bookings/availability')).body.full).toEqual([]);
  });

  it('is only for managers and admins', async () => {
    const body = { night: '2026-12-12', service: 'vip-room', capacity: 3 };
    const door = await registerStaff(t, 'door');
    expect((await t.request('PUT', '/api/admin/booking-capacities', { token: door.sessionId, body })).status).toBe(403);
    const admin = await registerAdmin(t);
    expect((await t.request('PUT', '/api/admin/booking-capacities', { token: admin.sessionId, body })).status).toBe(200);
    const bad = await t.request('PUT', '/api/admin/booking-capacities', {
      token: managerToken,
      body: { ...body, capacity: -1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([expect.objectContaining({ path: 'capacity' })]);
  });
});

describe("the guest's signed cancel link", () => {
  beforeEach(() => setClock('2026-11-26T15:00:00'));
  const tokenOf = (id: string) => bookingCancelToken(bookingCancelKey(t.config.QR_SECRET), id);

  it('cancels the booking and frees its place; a wrong token tells nothing', async () => {
    const night = '2026-12-18';
    await t.request('PUT', '/api/admin/booking-capacities', {
      token: managerToken,
      body: { night, service: 'private-room', capacity: 1 },
    });
    const { body } = await book({ date: night, time: '22:00', service: 'private-room' });
    expect((await t.request('GET', '/api/bookings/availability')).body.full).toEqual([{ night, service: 'private-room' }]);

    const wrong = await t.request('POST', `/api/bookings/${body.id}/cancel`, { body: { token: tokenOf(randomUuid()) } });
    expect(wrong.status).toBe(404);
    const page = await t.request('GET', `/api/bookings/${body.id}/cancellation?token=${tokenOf(body.id)}`);
    expect(page.body).toEqual({
      night,
      time: '22:00',
      service: 'private-room',
      guests: '2',
      status: 'requested',
      cancellable: true,
    });
    const cancel = await t.request('POST', `/api/bookings/${body.id}/cancel`, { body: { token: tokenOf(body.id) } });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ status: 'cancelled', cancellable: false });
    // The venue is told: an e-mail owed to its inbox and the BookingCancelled event, in the same transaction.
    const told = await t.sql.query(
      "select recipient from email_deliveries where subject_id = $1 and kind = 'venue-cancellation'",
      [body.id],
    );
    expect(told.rows).toEqual([{ recipient: t.config.VENUE_INBOX }]);
    const events = await t.sql.query(
      "select count(*)::int as n from outbox where type = 'BookingCancelled' and aggregate_id = $1",
      [body.id],
    );
    expect(events.rows[0].n).toBe(1);
    expect((await t.request('GET', '/api/bookings/availability')).body.full).toEqual([]);
    const again = await t.request('POST', `/api/bookings/${body.id}/cancel`, { body: { token: tokenOf(body.id) } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This booking is already cancelled.');

    // Staff see it cancelled on its night, and cannot confirm it any more.
    const list = await t.request('GET', `/api/admin/bookings?night=${night}`, { token: managerToken });
    expect(list.body.bookings.map((b: { id: string; status: string }) => [b.id, b.status])).toEqual([[body.id, 'cancelled']]);
    const confirm = await t.request('PATCH', `/api/admin/bookings/${body.id}`, {
      token: managerToken,
      body: { status: 'confirmed' },
    });
    expect(confirm.status).toBe(409);
  });

  it('no longer cancels once the booked time has come', async () => {
    const { body } = await book({ date: '2026-11-26', time: '21:00' });
    setClock('2026-11-26T21:00:00');
    const late = await t.request('POST', `/api/bookings/${body.id}/cancel`, { body: { token: tokenOf(body.id) } });
    expect(late.status).toBe(409);
  });
});

function randomUuid(): string {
  return crypto.randomUUID();
}

it('uses the real clock when none is set: tonight is the club night of now, venue time', async () => {
  const tonight = clubNightOf(new Date(), SYD);
  const answer = await book({ date: addDays(tonight, -1), time: '22:00' });
  expect(answer.status).toBe(400);
  expect(answer.body.issues[0].path).toBe('date');
});
