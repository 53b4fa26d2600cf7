import { clubNightOf, clubNightsEndingWith } from '@nocturne/domain';
import { registerAdmin, registerMember, registerStaff, startTestApp, type TestApp, waitFor } from '@nocturne/testing';
import { VenueDirectory } from '../src/modules/venues/venues.public.js';
import { createCoupon } from './support/coupon-fixtures.js';

// The staff overview and inbox counts in a venue group (PRODUCT.md §12): tonight at each venue in
// its own zone, one venue's overview, and a staffer of one venue who sees that venue's only.
let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;
let door: Awaited<ReturnType<typeof registerStaff>>;
let londonManager: Awaited<ReturnType<typeof registerStaff>>;
let london: number;

const overview = (token: string, query = '') => t.request('GET', `/api/admin/overview${query}`, { token });
const counts = (token: string, query = '') => t.request('GET', `/api/admin/inbox/counts${query}`, { token });

async function cardOf() {
  const member = await registerMember(t);
  const card = (await t.request('GET', '/api/auth/me/card', { token: member.sessionId })).body as { qrPayload: string };
  return { member, text: card.qrPayload };
}

async function redeemAt(venueId: number) {
  const holder = await registerMember(t);
  const coupon = await createCoupon(t, admin.sessionId, { title: 'Free drink', type: 'free_drink', value: null });
  const claimed = await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: holder.sessionId });
  expect(claimed.status).toBe(201);
  const mine = (await t.request('GET', '/api/coupons/my', { token: holder.sessionId })).body.coupons as {
    id: string;
    qrCode: string;
  }[];
  const held = mine.find((uc) => uc.id === claimed.body.id)!;
  const text = JSON.stringify({ userCouponId: held.id, token: held.qrCode });
  const redeemed = await t.request('POST', '/api/door/redeem', {
    token: door.sessionId,
    body: { text, method: 'scan', venueId },
  });
  expect(redeemed.status).toBe(200);
}

const booking = (venueId: number, date: string, status = 'requested') =>
  t.sql.query(
    `insert into bookings (venue_id, name, email, date, guests, service, status) values ($1, 'Robin', 'robin@example.com', $2, '2', 'table', $3)`,
    [venueId, date, status],
  );
const message = (venueId: number) =>
  t.sql.query(`insert into contact_messages (venue_id, name, email, message) values ($1, 'Kim', 'kim@example.com', 'Hello')`, [
    venueId,
  ]);

beforeAll(async () => {
  t = await startTestApp({ VENUE_TZ: 'Australia/Sydney' });
  admin = await registerAdmin(t);
  door = await registerStaff(t, 'door', 'Sam');
  londonManager = await registerStaff(t, 'manager', 'Lee');
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('one venue, as before venues', () => {
  it('names no venue in the overview, asked for venue 1 or not, and counts the inbox as before', async () => {
    await message(1);
    const plain = await overview(admin.sessionId);
    const named = await overview(admin.sessionId, '?venue=1');
    expect(plain.status).toBe(200);
    expect(plain.body).not.toHaveProperty('venue');
    expect(plain.body).not.toHaveProperty('venues');
    expect(named.body).not.toHaveProperty('venues');
    expect(named.body.timeZone).toBe('Australia/Sydney');
    expect(named.body.now.unreadMessages).toBe(plain.body.now.unreadMessages);
    expect((await counts(admin.sessionId)).body).toEqual({ newMessages: 1, requestedBookings: 0 });
  });
});

describe('a group of two venues: Sydney and London', () => {
  beforeAll(async () => {
    const { rows } = await t.sql.query<{ id: number }>(
      `insert into venues (slug, name, time_zone) values ('london-room', 'The London Room', 'Europe/London') returning id`,
    );
    london = rows[0]!.id;
    t.app.get(VenueDirectory).forget();
    await t.sql.query('insert into staff_venues (member_id, venue_id) values ($1, $2)', [londonManager.user.id, london]);
    // Tonight at each venue: two visits in Sydney, one in London; a redemption in London; bookings
    // and messages at each.
    for (const venueId of [1, 1, london]) {
      const { text } = await cardOf();
      expect(
        (await t.request('POST', '/api/door/check', { token: door.sessionId, body: { text, method: 'scan', venueId } })).status,
      ).toBe(200);
    }
    await redeemAt(london);
    const now = new Date();
    await booking(london, clubNightOf(now, 'Europe/London'));
    await booking(london, clubNightOf(now, 'Europe/London'), 'confirmed');
    await booking(1, clubNightOf(now, 'Australia/Sydney'), 'declined');
    await message(london);
    await message(london);
  });

  it("lists tonight at each venue in its own zone, at one instant, with each venue's own figures", async () => {
    const before = new Date();
    const answer = await overview(admin.sessionId);
    const after = new Date();
    expect(answer.status).toBe(200);
    expect(answer.body).not.toHaveProperty('venue');
    const night = (zone: string) => {
      const [span] = clubNightsEndingWith(clubNightOf(before, zone), 1, zone);
      expect(clubNightOf(after, zone)).toBe(span!.night);
      return { night: span!.night, start: span!.start.toISOString(), end: span!.end.toISOString() };
    };
    expect(answer.body.venues).toEqual([
      {
        id: 1,
        name: expect.any(String),
        timeZone: 'Australia/Sydney',
        ...night('Australia/Sydney'),
        label: expect.any(String),
        visits: 2,
        redemptions: 0,
        bookings: 0,
        pendingBookings: 0,
        unreadMessages: 1,
      },
      {
        id: london,
        name: 'The London Room',
        timeZone: 'Europe/London',
        ...night('Europe/London'),
        label: expect.any(String),
        visits: 1,
        redemptions: 1,
        bookings: 2,
        pendingBookings: 1,
        unreadMessages: 2,
      },
    ]);
    // The group's: every venue's bookings and messages waiting, tonight's redemptions in VENUE_TZ.
    expect(answer.body.timeZone).toBe('Australia/Sydney');
    expect(answer.body.now).toMatchObject({ pendingBookings: 1, unreadMessages: 3 });
  });

  it('shows a visit tonight in the next overview, however many staff have just read it', async () => {
    const visitsAt = (body: { venues: { id: number; visits: number }[] }, id: number) =>
      body.venues.find((venue) => venue.id === id)!.visits;
    const read = await Promise.all([overview(admin.sessionId), overview(admin.sessionId), overview(admin.sessionId)]);
    const seen = visitsAt(read[0]!.body, london);
    expect(read.map((answer) => visitsAt(answer.body, london))).toEqual([seen, seen, seen]);
    const { text } = await cardOf();
    expect(
      (await t.request('POST', '/api/door/check', { token: door.sessionId, body: { text, method: 'scan', venueId: london } }))
        .status,
    ).toBe(200);
    await waitFor(async () => visitsAt((await overview(admin.sessionId)).body, london) === seen + 1, {
      timeoutMs: 2_000,
      what: 'the new visit in the overview',
    });
  });

  it("gives one venue's overview: its nights in its zone, its redemptions, bookings and messages", async () => {
    const answer = await overview(admin.sessionId, '?venue=london-room');
    expect(answer.status).toBe(200);
    expect(answer.body.venue).toEqual({ id: london, name: 'The London Room' });
    expect(answer.body.timeZone).toBe('Europe/London');
    expect(answer.body.night.night).toBe(clubNightOf(new Date(), 'Europe/London'));
    expect(answer.body.nights.at(-1).redemptions).toBe(1);
    expect(answer.body.now).toMatchObject({ pendingBookings: 1, unreadMessages: 2 });
    expect(answer.body.venues.map((venue: { id: number }) => venue.id)).toEqual([london]);
    const sydney = await overview(admin.sessionId, '?venue=1');
    expect(sydney.body.venue).toEqual({ id: 1, name: expect.any(String) });
    expect(sydney.body.nights.at(-1).redemptions).toBe(0);
    expect(sydney.body.now).toMatchObject({ pendingBookings: 0, unreadMessages: 1 });
  });

  it("shows a manager of one venue that venue's overview, and refuses the other's in words", async () => {
    const own = await overview(londonManager.sessionId);
    expect(own.status).toBe(200);
    expect(own.body.venue).toEqual({ id: london, name: 'The London Room' });
    expect(own.body.now).toMatchObject({ pendingBookings: 1, unreadMessages: 2 });
    const other = await overview(londonManager.sessionId, '?venue=1');
    expect({ status: other.status, message: other.body.message }).toEqual({
      status: 403,
      message: 'This account works at The London Room only',
    });
    const unknown = await overview(admin.sessionId, '?venue=nowhere');
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues).toEqual([{ path: 'venue', message: 'names no venue of the group' }]);
  });

  it("counts the inbox per venue and by the staffer's venues", async () => {
    expect((await counts(admin.sessionId)).body).toEqual({ newMessages: 3, requestedBookings: 1 });
    expect((await counts(admin.sessionId, `?venue=${london}`)).body).toEqual({ newMessages: 2, requestedBookings: 1 });
    expect((await counts(admin.sessionId, '?venue=1')).body).toEqual({ newMessages: 1, requestedBookings: 0 });
    expect((await counts(londonManager.sessionId)).body).toEqual({ newMessages: 2, requestedBookings: 1 });
    const other = await counts(londonManager.sessionId, '?venue=1');
    expect({ status: other.status, message: other.body.message }).toEqual({
      status: 403,
      message: 'This account works at The London Room only',
    });
  });

  it("lists a manager of one venue that venue's bookings and messages, and refuses the other's in words", async () => {
    const token = londonManager.sessionId;
    const bookings = await t.request('GET', '/api/admin/bookings?limit=100', { token });
    const messages = await t.request('GET', '/api/admin/contact-messages?limit=100', { token });
    expect(bookings.body.bookings).toHaveLength(2);
    expect(messages.body.messages).toHaveLength(2);
    expect((await t.request('GET', '/api/admin/bookings?limit=100', { token: admin.sessionId })).body.bookings).toHaveLength(3);
    for (const path of ['/api/admin/bookings?venue=1', '/api/admin/contact-messages?venue=1']) {
      const other = await t.request('GET', path, { token });
      expect({ status: other.status, message: other.body.message }).toEqual({
        status: 403,
        message: 'This account works at The London Room only',
      });
    }
  });
});
