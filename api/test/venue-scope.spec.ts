import { clubNightOf } from '@nocturne/domain';
import { registerAdmin, registerMember, registerStaff, runLedgerVerify, startTestApp, type TestApp } from '@nocturne/testing';
import { VenueDirectory } from '../src/modules/venues/venues.public.js';
import { createCoupon } from './support/coupon-fixtures.js';

// A venue group through HTTP: what happens at a venue names it, visit points once per club night
// per venue (in that venue's zone) within the group's cap, and door and manager accounts that
// work at some venues only.
let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;
let manager: Awaited<ReturnType<typeof registerStaff>>;
let groupDoor: Awaited<ReturnType<typeof registerStaff>>;

type Card = { qrPayload: string; shortCode: string };

/** Adds a venue as a row (the Venues screen is another module's); the api reads it at once. */
async function addVenue(slug: string, name: string, timeZone: string | null, archived = false): Promise<number> {
  const { rows } = await t.sql.query<{ id: number }>(
    `insert into venues (slug, name, time_zone, archived_at) values ($1, $2, $3, $4) returning id`,
    [slug, name, timeZone, archived ? new Date() : null],
  );
  t.app.get(VenueDirectory).forget();
  return rows[0]!.id;
}

async function grant(staffId: string, ...venueIds: number[]) {
  for (const venueId of venueIds)
    await t.sql.query('insert into staff_venues (member_id, venue_id) values ($1, $2)', [staffId, venueId]);
}

const check = (token: string, text: string, venueId?: number) =>
  t.request('POST', '/api/door/check', { token, body: { text, method: 'scan', ...(venueId ? { venueId } : {}) } });
const redeem = (token: string, text: string, venueId?: number) =>
  t.request('POST', '/api/door/redeem', { token, body: { text, method: 'scan', ...(venueId ? { venueId } : {}) } });

async function memberWithCard(firstName = 'Jordan') {
  const member = await registerMember(t, { firstName });
  const card = (await t.request<Card>('GET', '/api/auth/me/card', { token: member.sessionId })).body;
  return { member, card };
}

async function heldCoupon(holder: Awaited<ReturnType<typeof registerMember>>) {
  const coupon = await createCoupon(t, admin.sessionId, { title: 'Free drink', type: 'free_drink', value: null });
  const claimed = await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: holder.sessionId });
  if (claimed.status !== 201) throw new Error(JSON.stringify(claimed.body));
  const mine = (await t.request('GET', '/api/coupons/my', { token: holder.sessionId })).body.coupons as {
    id: string;
    qrCode: string;
  }[];
  const held = mine.find((uc) => uc.id === claimed.body.id)!;
  return { coupon, held, qr: JSON.stringify({ userCouponId: held.id, token: held.qrCode }) };
}

const visitsOf = async (memberId: string) =>
  (
    await t.sql.query<{ venue_id: number; night: string; points: number }>(
      `select venue_id, to_char(night, 'YYYY-MM-DD') as night, points from visits where member_id = $1 order by created_at`,
      [memberId],
    )
  ).rows;
const balanceOf = async (memberId: string) =>
  (await t.sql.query<{ current_points: number }>('select current_points from members where id = $1', [memberId])).rows[0]!
    .current_points;

let sameZoneA: number;
let sameZoneB: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerAdmin(t);
  manager = await registerStaff(t, 'manager', 'Morgan');
  groupDoor = await registerStaff(t, 'door', 'Sam');
});
afterAll(async () => {
  await t.close();
});

describe('one venue, as before venues', () => {
  it('records visits, scan-log lines and redemptions at the first venue, with no venue named', async () => {
    const { member, card } = await memberWithCard();
    const answer = await check(groupDoor.sessionId, card.qrPayload);
    expect(answer.status).toBe(200);
    expect(answer.body.visit).toEqual({ night: clubNightOf(new Date(), t.config.VENUE_TZ), recorded: true, points: 20 });
    expect(await visitsOf(member.user.id)).toEqual([expect.objectContaining({ venue_id: 1, points: 20 })]);
    const { held, qr } = await heldCoupon(member);
    expect((await redeem(groupDoor.sessionId, qr)).status).toBe(200);
    const { rows } = await t.sql.query('select redeemed_venue_id from user_coupons where id = $1', [held.id]);
    expect(rows[0].redeemed_venue_id).toBe(1);
    const lines = await t.sql.query('select distinct venue_id from qr_scans where admin_id = $1', [groupDoor.user.id]);
    expect(lines.rows).toEqual([{ venue_id: 1 }]);
    const tonight = await t.request('GET', '/api/door/tonight', { token: groupDoor.sessionId });
    expect(tonight.body).toEqual({
      night: clubNightOf(new Date(), t.config.VENUE_TZ),
      mine: { visits: 1, redemptions: 1, undone: 0 },
    });
    const scans = await t.request('GET', '/api/admin/scans', { token: admin.sessionId });
    expect(scans.body.scans[0]).not.toHaveProperty('venueId');
  });
});

describe('two venues in their own time zones', () => {
  it('the same instant is a different club night at each: the visit is recorded on its venue’s night', async () => {
    // 25 hours apart: whatever the instant, their club nights are different dates.
    const east = await addVenue('kiritimati', 'Line Islands Lounge', 'Pacific/Kiritimati');
    const west = await addVenue('pago-pago', 'Pago Bar', 'Pacific/Pago_Pago');
    const { member, card } = await memberWithCard('Avery');
    const before = new Date();
    const atEast = await check(groupDoor.sessionId, card.qrPayload, east);
    const atWest = await check(groupDoor.sessionId, card.qrPayload, west);
    expect(atEast.status).toBe(200);
    expect(atWest.status).toBe(200);
    expect(atEast.body.visit.night).toBe(clubNightOf(before, 'Pacific/Kiritimati'));
    expect(atWest.body.visit.night).toBe(clubNightOf(before, 'Pacific/Pago_Pago'));
    expect(atEast.body.visit.night).not.toBe(atWest.body.visit.night);
    // Different nights: each pays, whatever the cap.
    expect(atEast.body.visit.points).toBe(20);
    expect(atWest.body.visit.points).toBe(20);
    expect(await visitsOf(member.user.id)).toEqual([
      { venue_id: east, night: atEast.body.visit.night, points: 20 },
      { venue_id: west, night: atWest.body.visit.night, points: 20 },
    ]);
    // Sydney and London, as a group in two countries runs them: each night in its own zone.
    const sydney = await addVenue('sydney', 'Harbour Room', 'Australia/Sydney');
    const london = await addVenue('london', 'The Velvet Room', 'Europe/London');
    const other = await memberWithCard('Rowan');
    const inSydney = await check(groupDoor.sessionId, other.card.qrPayload, sydney);
    const inLondon = await check(groupDoor.sessionId, other.card.qrPayload, london);
    expect(inSydney.body.visit.night).toBe(clubNightOf(new Date(), 'Australia/Sydney'));
    expect(inLondon.body.visit.night).toBe(clubNightOf(new Date(), 'Europe/London'));
    const tonight = await t.request('GET', `/api/door/tonight?venueId=${london}`, { token: groupDoor.sessionId });
    expect(tonight.body).toMatchObject({ venueId: london, night: clubNightOf(new Date(), 'Europe/London') });
  });

  it('pays visit points once per night per venue, and no more paying visits a night than the group’s cap', async () => {
    sameZoneA = await addVenue('velvet', 'The Velvet Room', null);
    sameZoneB = await addVenue('lantern', 'Lantern Bar', null);
    const { member, card } = await memberWithCard('Casey');
    const welcomed = await balanceOf(member.user.id);
    const first = await check(groupDoor.sessionId, card.qrPayload, 1);
    expect(first.body).toMatchObject({ ok: true, message: 'Welcome, Casey: visit recorded, +20 points' });
    // The same venue again: already here.
    expect((await check(groupDoor.sessionId, card.qrPayload, 1)).body).toMatchObject({
      message: 'Already here tonight',
      visit: { recorded: false, points: 0 },
    });
    // Another venue the same night, past the cap of 1: recorded (they were there), no points, said in words.
    const capped = await check(groupDoor.sessionId, card.qrPayload, sameZoneA);
    expect(capped.body).toMatchObject({
      ok: true,
      message: 'Welcome, Casey: visit recorded, no points (one visit a night earn points across the group, already reached)',
      visit: { recorded: true, points: 0, capped: true },
    });
    const balance = await balanceOf(member.user.id);
    expect(balance).toBe(welcomed + 20);
    // A manager lets two visits a night pay: the third venue's visit pays.
    const settings = await t.request('GET', '/api/admin/membership-settings', { token: manager.sessionId });
    expect(settings.body.visitPointsPerNight).toBe(1);
    const changed = await t.request('PUT', '/api/admin/membership-settings', {
      token: manager.sessionId,
      body: { ...settings.body, visitPointsPerNight: 2 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.visitPointsPerNight).toBe(2);
    const audit = await t.sql.query(`select after from audit_log where action = 'membership.settings' order by at desc limit 1`);
    expect(audit.rows[0].after).toMatchObject({ visitPointsPerNight: 2 });
    const paid = await check(groupDoor.sessionId, card.qrPayload, sameZoneB);
    expect(paid.body).toMatchObject({
      message: 'Welcome, Casey: visit recorded, +20 points',
      visit: { recorded: true, points: 20 },
    });
    expect(await balanceOf(member.user.id)).toBe(balance + 20);
    expect((await visitsOf(member.user.id)).map((visit) => [visit.venue_id, visit.points])).toEqual([
      [1, 20],
      [sameZoneA, 0],
      [sameZoneB, 20],
    ]);
    // Out of range is refused in words.
    const tooMany = await t.request('PUT', '/api/admin/membership-settings', {
      token: manager.sessionId,
      body: { ...settings.body, visitPointsPerNight: 0 },
    });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('must be 1 or more');
    await t.request('PUT', '/api/admin/membership-settings', {
      token: manager.sessionId,
      body: { ...settings.body, visitPointsPerNight: 1 },
    });
    expect(await runLedgerVerify(t)).toMatch(/^Ledger verified: \d+ members match/m);
  });
});

describe('door accounts of some venues', () => {
  it('a door account of one venue is at it without naming it, and may not check or redeem at another (403 in words)', async () => {
    const velvetDoor = await registerStaff(t, 'door', 'Vic');
    await grant(velvetDoor.user.id, sameZoneA);
    const { member, card } = await memberWithCard('Drew');
    const answer = await check(velvetDoor.sessionId, card.qrPayload);
    expect(answer.status).toBe(200);
    expect(await visitsOf(member.user.id)).toEqual([expect.objectContaining({ venue_id: sameZoneA })]);
    const elsewhere = await check(velvetDoor.sessionId, card.qrPayload, 1);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toBe('This account works at The Velvet Room only');
    const { held, qr } = await heldCoupon(member);
    const refused = await redeem(velvetDoor.sessionId, qr, 1);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This account works at The Velvet Room only');
    const { rows } = await t.sql.query('select redeemed_at from user_coupons where id = $1', [held.id]);
    expect(rows[0].redeemed_at).toBeNull();
    const ok = await redeem(velvetDoor.sessionId, qr);
    expect(ok.status).toBe(200);
    const at = await t.sql.query('select redeemed_venue_id from user_coupons where id = $1', [held.id]);
    expect(at.rows[0].redeemed_venue_id).toBe(sameZoneA);
    expect((await t.request('GET', `/api/door/tonight?venueId=1`, { token: velvetDoor.sessionId })).status).toBe(403);
  });

  it('an account of several venues names one; an unknown or archived venue is a 400 in words', async () => {
    const both = await registerStaff(t, 'door', 'Bo');
    await grant(both.user.id, sameZoneA, sameZoneB);
    const { card } = await memberWithCard('Emery');
    const unnamed = await check(both.sessionId, card.qrPayload);
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.message).toBe('Choose the venue: this account works at The Velvet Room and Lantern Bar');
    expect((await check(both.sessionId, card.qrPayload, sameZoneB)).status).toBe(200);
    const unknown = await check(groupDoor.sessionId, card.qrPayload, 99_999);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('No venue 99999');
    const closed = await addVenue('closed', 'The Old Mill', null, true);
    const archived = await check(groupDoor.sessionId, card.qrPayload, closed);
    expect(archived.status).toBe(400);
    expect(archived.body.message).toBe('The Old Mill is archived: it takes no door activity');
  });

  it('the scan log of a venue’s staff shows their venue only; another venue’s log and undo are refused', async () => {
    const velvetManager = await registerStaff(t, 'manager', 'Val');
    await grant(velvetManager.user.id, sameZoneA);
    const scans = await t.request('GET', '/api/admin/scans?limit=200', { token: velvetManager.sessionId });
    expect(scans.status).toBe(200);
    expect(scans.body.scans.length).toBeGreaterThan(0);
    expect(new Set(scans.body.scans.map((scan: { venueId: number }) => scan.venueId))).toEqual(new Set([sameZoneA]));
    const other = await t.request('GET', '/api/admin/scans?venueId=1', { token: velvetManager.sessionId });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('This account works at The Velvet Room only');
    // The group's manager sees every venue's lines, or one venue's when asked.
    const group = await t.request('GET', `/api/admin/scans?limit=200&venueId=${sameZoneA}`, { token: manager.sessionId });
    expect(new Set(group.body.scans.map((scan: { venueId: number }) => scan.venueId))).toEqual(new Set([sameZoneA]));
    // A redemption at the first venue is not the Velvet Room manager's to undo.
    const { member } = await memberWithCard('Finley');
    const { held, qr } = await heldCoupon(member);
    expect((await redeem(groupDoor.sessionId, qr, 1)).status).toBe(200);
    const undo = await t.request('POST', `/api/admin/redemptions/${held.id}/undo`, { token: velvetManager.sessionId });
    expect(undo.status).toBe(403);
    expect(undo.body.message).toBe('This account works at The Velvet Room only');
  });
});

describe('granting staff venues (PUT /api/admin/staff/{id}/venues)', () => {
  it('an admin grants a door account one venue: it works there only, the Staff screen says so, and none is all venues again', async () => {
    const kim = await registerStaff(t, 'door', 'Kim');
    const granted = await t.request('PUT', `/api/admin/staff/${kim.user.id}/venues`, {
      token: admin.sessionId,
      body: { venueIds: [sameZoneB] },
    });
    expect(granted.status).toBe(200);
    expect(granted.body.message).toBe('Kim works at Lantern Bar only.');
    const staff = (await t.request('GET', '/api/admin/staff', { token: admin.sessionId })).body.staff as {
      id: string;
      venueIds?: number[];
    }[];
    expect(staff.find((account) => account.id === kim.user.id)?.venueIds).toEqual([sameZoneB]);
    const { card } = await memberWithCard('Gale');
    expect((await check(kim.sessionId, card.qrPayload, 1)).body.message).toBe('This account works at Lantern Bar only');
    const audit = await t.sql.query(`select before, after from audit_log where action = 'staff.venues' and target_id = $1`, [
      kim.user.id,
    ]);
    expect(audit.rows).toEqual([{ before: { venues: [] }, after: { venues: ['Lantern Bar'] } }]);
    const all = await t.request('PUT', `/api/admin/staff/${kim.user.id}/venues`, {
      token: admin.sessionId,
      body: { venueIds: [] },
    });
    expect(all.body.message).toBe('Kim works at all venues.');
    expect((await check(kim.sessionId, card.qrPayload, 1)).status).toBe(200);
  });

  it('refuses in words: an unknown venue, an admin account, and anyone but an admin', async () => {
    const kim = await registerStaff(t, 'manager', 'Kit');
    const unknown = await t.request('PUT', `/api/admin/staff/${kim.user.id}/venues`, {
      token: admin.sessionId,
      body: { venueIds: [424_242] },
    });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'No venue 424242']);
    const otherAdmin = await registerStaff(t, 'admin', 'Ada');
    const toAdmin = await t.request('PUT', `/api/admin/staff/${otherAdmin.user.id}/venues`, {
      token: admin.sessionId,
      body: { venueIds: [1] },
    });
    expect(toAdmin.status).toBe(409);
    expect(toAdmin.body.message).toMatch(/^Admins work at every venue/);
    const byManager = await t.request('PUT', `/api/admin/staff/${kim.user.id}/venues`, {
      token: manager.sessionId,
      body: { venueIds: [1] },
    });
    expect(byManager.status).toBe(403);
  });
});

describe('venue or group, per coupon, post and promotion', () => {
  it('a venue-only coupon is refused at another venue’s door in words, names its venue to members, and redeems at its own', async () => {
    const member = await registerMember(t, { firstName: 'Harper' });
    const coupon = await t.request('POST', '/api/admin/coupons', {
      token: manager.sessionId,
      body: {
        code: `VELVET${Date.now()}`.slice(0, 30),
        title: 'Velvet drink',
        description: 'At the Velvet Room',
        type: 'free_drink',
        venueIds: [sameZoneA],
      },
    });
    expect(coupon.status).toBe(201);
    expect(coupon.body.venueIds).toEqual([sameZoneA]);
    const available = (await t.request('GET', '/api/coupons', { token: member.sessionId })).body as {
      id: string;
      venues?: string[];
    }[];
    expect(available.find((offer) => offer.id === coupon.body.id)?.venues).toEqual(['The Velvet Room']);
    const claimed = await t.request('POST', `/api/coupons/${coupon.body.id}/claim`, { token: member.sessionId });
    expect(claimed.status).toBe(201);
    const mine = (await t.request('GET', '/api/coupons/my', { token: member.sessionId })).body.coupons as {
      id: string;
      qrCode: string;
      coupon: { venues?: string[] };
    }[];
    const held = mine.find((uc) => uc.id === claimed.body.id)!;
    expect(held.coupon.venues).toEqual(['The Velvet Room']);
    const qr = JSON.stringify({ userCouponId: held.id, token: held.qrCode });
    const checked = await check(groupDoor.sessionId, qr, 1);
    expect(checked.body).toMatchObject({ kind: 'coupon', ok: false, refusal: 'other_venue', message: 'Only at The Velvet Room' });
    const refused = await redeem(groupDoor.sessionId, qr, 1);
    expect([refused.status, refused.body.message]).toEqual([409, 'Only at The Velvet Room']);
    // Two venues: "Only at A and B".
    const both = await t.request('PATCH', `/api/admin/coupons/${coupon.body.id}`, {
      token: manager.sessionId,
      body: { venueIds: [sameZoneA, sameZoneB] },
    });
    expect(both.body.venueIds).toEqual([sameZoneA, sameZoneB]);
    expect((await check(groupDoor.sessionId, qr, 1)).body.message).toBe('Only at The Velvet Room and Lantern Bar');
    // A card shown at the first venue does not offer it; at its own venue it does, and redeems.
    const card = (await t.request('GET', '/api/auth/me/card', { token: member.sessionId })).body.qrPayload as string;
    const atFirst = await check(groupDoor.sessionId, card, 1);
    expect(atFirst.body.coupons.map((c: { userCouponId: string }) => c.userCouponId)).not.toContain(held.id);
    const atVelvet = await check(groupDoor.sessionId, card, sameZoneA);
    expect(atVelvet.body.coupons.map((c: { userCouponId: string }) => c.userCouponId)).toContain(held.id);
    const ok = await redeem(groupDoor.sessionId, qr, sameZoneA);
    expect(ok.status).toBe(200);
  });

  it('a post about chosen venues names them in the feed; a group post reads as before', async () => {
    const member = await registerMember(t);
    const post = await t.request('POST', '/api/admin/news', {
      token: manager.sessionId,
      body: { title: 'Lantern Bar opens Thursdays', content: 'From next week.', venueIds: [sameZoneB] },
    });
    expect(post.status).toBe(201);
    expect(post.body).toMatchObject({ venueIds: [sameZoneB], venues: ['Lantern Bar'] });
    const group = await t.request('POST', '/api/admin/news', {
      token: manager.sessionId,
      body: { title: 'New cocktail list', content: 'Everywhere.' },
    });
    expect(group.body).not.toHaveProperty('venues');
    const feed = (await t.request('GET', '/api/news', { token: member.sessionId })).body.posts as {
      id: string;
      venues?: string[];
    }[];
    expect(feed.find((p) => p.id === post.body.id)?.venues).toEqual(['Lantern Bar']);
    expect(feed.find((p) => p.id === group.body.id)).not.toHaveProperty('venues');
    const moved = await t.request('PATCH', `/api/admin/news/${post.body.id}`, {
      token: manager.sessionId,
      body: { venueIds: [] },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).not.toHaveProperty('venues');
  });

  it('a promotion for chosen venues multiplies only visits at those venues', async () => {
    const today = clubNightOf(new Date(), t.config.VENUE_TZ);
    const promotion = await t.request('POST', '/api/admin/promotions', {
      token: manager.sessionId,
      body: { name: 'Lantern double', multiplier: '2', startsOn: today, endsOn: today, weekdays: null, venueIds: [sameZoneB] },
    });
    expect(promotion.status).toBe(201);
    expect(promotion.body.venueIds).toEqual([sameZoneB]);
    const atFirst = await memberWithCard('Indy');
    expect((await check(groupDoor.sessionId, atFirst.card.qrPayload, 1)).body.visit.points).toBe(20);
    const atLantern = await memberWithCard('Jules');
    expect((await check(groupDoor.sessionId, atLantern.card.qrPayload, sameZoneB)).body.visit.points).toBe(40);
    await t.request('DELETE', `/api/admin/promotions/${promotion.body.id}`, { token: manager.sessionId });
  });
});

describe("a member's page for a manager of one venue", () => {
  it('shows the member (one membership) with their door scans at the manager’s venues only', async () => {
    const velvetManager = await registerStaff(t, 'manager', 'Mo');
    await grant(velvetManager.user.id, sameZoneA);
    const member = await registerMember(t, { firstName: 'Kai' });
    const { qr } = await heldCoupon(member);
    expect((await check(groupDoor.sessionId, qr, 1)).status).toBe(200);
    expect((await check(groupDoor.sessionId, qr, sameZoneA)).status).toBe(200);
    const group = await t.request('GET', `/api/admin/members/${member.user.id}`, { token: manager.sessionId });
    expect(group.body.scans).toHaveLength(2);
    const scoped = await t.request('GET', `/api/admin/members/${member.user.id}`, { token: velvetManager.sessionId });
    expect(scoped.status).toBe(200);
    expect(scoped.body.member.firstName).toBe('Kai');
    expect(scoped.body.scans).toHaveLength(1);
  });
});
