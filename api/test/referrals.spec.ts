import {
  BIRTHDAY_BANNER,
  birthdayWeekOf,
  REFERRAL_REFUSALS,
  referredRewardDescription,
  referrerRewardDescription,
  venueDate,
} from '@nocturne/domain';
import { registerAdmin, registerMember, registerStaff, runLedgerVerify, startTestApp, type TestApp } from '@nocturne/testing';
import { createCoupon } from './support/coupon-fixtures.js';

// Referrals through HTTP: the invite link, sign-up with its code, the first visit paying both once.
let t: TestApp;
let manager: Awaited<ReturnType<typeof registerStaff>>;
let door: Awaited<ReturnType<typeof registerStaff>>;
let admin: Awaited<ReturnType<typeof registerAdmin>>;

beforeAll(async () => {
  t = await startTestApp({
    APP_URL: 'https://club.example.test',
    REFERRAL_POINTS: '50',
    REFERRALS_PER_MONTH: '5',
    POINTS_PER_VISIT: '0',
  });
  manager = await registerStaff(t, 'manager', 'Morgan');
  door = await registerStaff(t, 'door', 'Sam');
  admin = await registerAdmin(t);
});
afterAll(async () => {
  await t.close();
});

type Member = Awaited<ReturnType<typeof registerMember>>;

const mine = async (member: Member) => {
  const answer = await t.request('GET', '/api/referrals', { token: member.sessionId });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body;
};
const balance = async (member: Member) =>
  (await t.sql.query('select current_points from members where id = $1', [member.user.id])).rows[0].current_points as number;
const referralRows = async (member: Member) =>
  (
    await t.sql.query(
      `select member_id, points, description from point_transactions where kind = 'referral' and member_id = $1`,
      [member.user.id],
    )
  ).rows;
const scanCard = async (member: Member) => {
  const card = (await t.request('GET', '/api/auth/me/card', { token: member.sessionId })).body;
  const answer = await t.request('POST', '/api/door/check', {
    token: door.sessionId,
    body: { text: card.qrPayload, method: 'scan' },
  });
  expect(answer.body).toMatchObject({ kind: 'card', ok: true });
};
const setSettings = async (body: { referralPoints: number; referralsPerMonth: number; birthdayCouponId: string | null }) => {
  const answer = await t.request('PUT', '/api/admin/membership-settings', { token: manager.sessionId, body });
  expect(answer.status).toBe(200);
  return answer.body;
};

describe('GET /api/referrals', () => {
  it('gives a member a stable 10-character invite code and the sign-up link carrying it', async () => {
    const ana = await registerMember(t, { firstName: 'Ana', lastName: 'Lopez' });
    const first = await mine(ana);
    expect(first.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/);
    expect(first.link).toBe(`https://club.example.test/members-register?ref=${first.code}`);
    expect(first).toMatchObject({ pointsEach: 50, perMonth: 5, thisMonth: 0, referrals: [] });
    expect((await mine(ana)).code).toBe(first.code);
    const other = await registerMember(t);
    expect((await mine(other)).code).not.toBe(first.code);
  });

  it('needs a signed-in member', async () => {
    expect((await t.request('GET', '/api/referrals')).status).toBe(401);
  });
});

describe('sign-up through an invite, and the first visit', () => {
  it('records a pending referral; the card scan pays both once; a second scan and a door redemption pay nothing more', async () => {
    const ana = await registerMember(t, { firstName: 'Ana', lastName: 'Lopez' });
    const { code } = await mine(ana);
    const jordan = await registerMember(t, { firstName: 'Jordan', lastName: 'blake', referralCode: code.toLowerCase() });

    const before = await mine(ana);
    expect(before.referrals).toEqual([
      { id: expect.any(String), name: 'Jordan B.', joinedAt: expect.any(String), state: 'pending', reason: null, points: null },
    ]);
    expect(before.thisMonth).toBe(1);
    const anaBefore = await balance(ana);
    const jordanBefore = await balance(jordan);

    await scanCard(jordan);
    expect(await balance(ana)).toBe(anaBefore + 50);
    expect(await balance(jordan)).toBe(jordanBefore + 50);
    expect(await referralRows(ana)).toEqual([
      { member_id: ana.user.id, points: 50, description: referrerRewardDescription('Jordan B.') },
    ]);
    expect(await referralRows(jordan)).toEqual([
      { member_id: jordan.user.id, points: 50, description: referredRewardDescription('Ana') },
    ]);
    expect((await mine(ana)).referrals[0]).toMatchObject({ state: 'earned', points: 50, reason: null });

    // The same night again, and a coupon redeemed at the door later: nothing more.
    await scanCard(jordan);
    const coupon = await createCoupon(t, admin.sessionId, {
      title: 'Free drink',
      type: 'free_drink',
      value: null,
      pointsCost: 0,
    });
    const claimed = await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: jordan.sessionId });
    expect(claimed.status).toBe(201);
    const held = (await t.request('GET', '/api/coupons/my', { token: jordan.sessionId })).body.coupons[0];
    const redeemed = await t.request('POST', '/api/door/redeem', {
      token: door.sessionId,
      body: { text: JSON.stringify({ userCouponId: held.id, token: held.qrCode }), method: 'scan' },
    });
    expect(redeemed.status).toBe(200);
    expect(await referralRows(ana)).toHaveLength(1);
    expect(await referralRows(jordan)).toHaveLength(1);
    expect(await balance(ana)).toBe(anaBefore + 50);
    // One ReferralEarned (both members' wallet passes follow), raised once.
    const earned = await t.sql.query(`select payload from outbox where type = 'ReferralEarned' and payload->>'referredId' = $1`, [
      jordan.user.id,
    ]);
    expect(earned.rows).toEqual([
      { payload: { referralId: before.referrals[0].id, referrerId: ana.user.id, referredId: jordan.user.id, points: 50 } },
    ]);
    await runLedgerVerify(t);
  });

  it('a first redemption by door staff is a first visit too', async () => {
    const ana = await registerMember(t, { firstName: 'Ana', lastName: 'Lopez' });
    const { code } = await mine(ana);
    const kai = await registerMember(t, { firstName: 'Kai', lastName: 'Moss', referralCode: code });
    const coupon = await createCoupon(t, admin.sessionId, {
      title: 'Free drink',
      type: 'free_drink',
      value: null,
      pointsCost: 0,
    });
    expect((await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: kai.sessionId })).status).toBe(201);
    const held = (await t.request('GET', '/api/coupons/my', { token: kai.sessionId })).body.coupons[0];
    const redeemed = await t.request('POST', '/api/door/redeem', {
      token: door.sessionId,
      body: { text: JSON.stringify({ userCouponId: held.id, token: held.qrCode }), method: 'scan' },
    });
    expect(redeemed.status).toBe(200);
    expect(await referralRows(ana)).toHaveLength(1);
    expect(await referralRows(kai)).toHaveLength(1);
    expect((await mine(ana)).referrals[0]).toMatchObject({ state: 'earned' });
  });

  it("a member's own Redeem Now is no visit: the referral stays pending", async () => {
    const ana = await registerMember(t, { firstName: 'Ana', lastName: 'Lopez' });
    const { code } = await mine(ana);
    const rio = await registerMember(t, { firstName: 'Rio', lastName: 'Sol', referralCode: code });
    const coupon = await createCoupon(t, admin.sessionId, {
      title: 'Free drink',
      type: 'free_drink',
      value: null,
      pointsCost: 0,
    });
    expect((await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: rio.sessionId })).status).toBe(201);
    const held = (await t.request('GET', '/api/coupons/my', { token: rio.sessionId })).body.coupons[0];
    expect((await t.request('POST', `/api/coupons/redeem/${held.id}`, { token: rio.sessionId })).status).toBe(200);
    expect(await referralRows(ana)).toEqual([]);
    expect((await mine(ana)).referrals[0]).toMatchObject({ name: 'Rio S.', state: 'pending' });
  });

  it('refuses a self-referral (the same mailbox) and pays nothing at the visit', async () => {
    const email = `lee.${Date.now()}@gmail.com`;
    const lee = await registerMember(t, { firstName: 'Lee', lastName: 'Park', email });
    const { code } = await mine(lee);
    const again = await registerMember(t, {
      firstName: 'Lee',
      lastName: 'Park',
      email: email.replace('@', '+second@').replace('lee.', 'l.ee.'),
      referralCode: code,
    });
    expect((await mine(lee)).referrals).toEqual([
      expect.objectContaining({ state: 'refused', reason: REFERRAL_REFUSALS.self, points: null }),
    ]);
    await scanCard(again);
    expect(await referralRows(lee)).toEqual([]);
    expect(await referralRows(again)).toEqual([]);
  });

  it('refuses referrals past the monthly cap the manager set; an unknown code does not block sign-up', async () => {
    await setSettings({ referralPoints: 30, referralsPerMonth: 2, birthdayCouponId: null });
    try {
      const ana = await registerMember(t, { firstName: 'Ana', lastName: 'Lopez' });
      const { code } = await mine(ana);
      const joined = [];
      for (const firstName of ['One', 'Two', 'Three']) joined.push(await registerMember(t, { firstName, referralCode: code }));
      const list = (await mine(ana)).referrals;
      expect(list.map((r: { name: string; state: string; reason: string | null }) => [r.name, r.state, r.reason])).toEqual([
        ['Three R.', 'refused', REFERRAL_REFUSALS.monthly_cap],
        ['Two R.', 'pending', null],
        ['One R.', 'pending', null],
      ]);
      await scanCard(joined[2]!);
      expect(await referralRows(ana)).toEqual([]);
      await scanCard(joined[0]!);
      expect((await referralRows(ana)).map((r) => r.points)).toEqual([30]);

      const stranger = await registerMember(t, { referralCode: 'ZZZZZZZZZZ' });
      expect(stranger.user.id).toBeTruthy();
      expect((await t.sql.query('select 1 from referrals where referred_id = $1', [stranger.user.id])).rowCount).toBe(0);
    } finally {
      await setSettings({ referralPoints: 50, referralsPerMonth: 5, birthdayCouponId: null });
    }
  });
});

describe('membership settings', () => {
  it('are the configured defaults until a manager changes them; door staff and members may not', async () => {
    expect((await t.request('GET', '/api/admin/membership-settings', { token: manager.sessionId })).body).toEqual({
      referralPoints: 50,
      referralsPerMonth: 5,
      birthdayCouponId: null,
      visitPointsPerNight: 1,
    });
    const body = { referralPoints: 10, referralsPerMonth: 1, birthdayCouponId: null };
    expect((await t.request('PUT', '/api/admin/membership-settings', { token: door.sessionId, body })).status).toBe(403);
    const member = await registerMember(t);
    expect((await t.request('GET', '/api/admin/membership-settings', { token: member.sessionId })).status).toBe(403);
    const missing = await t.request('PUT', '/api/admin/membership-settings', {
      token: manager.sessionId,
      body: { ...body, birthdayCouponId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(400);
  });
});

describe('GET /api/auth/me/birthday', () => {
  it('says happy birthday during the birthday week once the coupon is given, and nothing otherwise', async () => {
    const today = venueDate(new Date(), t.config.VENUE_TZ);
    const dateOfBirth = `1990${today.slice(4)}`.replace('-02-29', '-02-28');
    const kim = await registerMember(t, { firstName: 'Kim', dateOfBirth });
    const ask = async () => (await t.request('GET', '/api/auth/me/birthday', { token: kim.sessionId })).body;
    expect(await ask()).toEqual({ message: null });
    const week = birthdayWeekOf(dateOfBirth, today)!;
    await t.sql.query('insert into birthday_grants (member_id, year) values ($1, $2)', [kim.user.id, week.year]);
    expect(await ask()).toEqual({ message: BIRTHDAY_BANNER });

    const other = await registerMember(t, { dateOfBirth: `1990-${today.slice(5, 7) === '06' ? '01' : '06'}-15` });
    await t.sql.query('insert into birthday_grants (member_id, year) values ($1, $2)', [other.user.id, week.year]);
    expect((await t.request('GET', '/api/auth/me/birthday', { token: other.sessionId })).body).toEqual({ message: null });
  });
});
