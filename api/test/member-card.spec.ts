import { MemberCard, MemberCardPayload } from '@nocturne/contracts';
import { clubNightOf } from '@nocturne/domain';
import { registerAdmin, registerMember, registerStaff, startTestApp, type TestApp } from '@nocturne/testing';
import { QrTokenService } from '../src/modules/coupons/qr-token.service.js';
import { createCoupon, expectLedgerClean } from './support/coupon-fixtures.js';
import { expireAtTonightsStart, holdDoorLock } from './support/door-fixtures.js';

// The member's card and visits: GET /api/auth/me/card, and the card checked at the door.
let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;
let door: Awaited<ReturnType<typeof registerStaff>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerAdmin(t);
  door = await registerStaff(t, 'door', 'Sam');
});
afterAll(async () => {
  await t.close();
});

const GROUPED = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{3}$/;

const myCard = async (token: string) => {
  const answer = await t.request('GET', '/api/auth/me/card', { token });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return MemberCard.parse(answer.body);
};
const check = (text: string, method: 'scan' | 'typed' = 'scan', token = door.sessionId) =>
  t.request('POST', '/api/door/check', { token, body: { text, method } });
const doorRedeem = (text: string, userCouponId?: string) =>
  t.request('POST', '/api/door/redeem', { token: door.sessionId, body: { text, method: 'scan', userCouponId } });

async function claim(member: { sessionId: string }, overrides: Record<string, unknown> = {}) {
  const coupon = await createCoupon(t, admin.sessionId, { title: 'Free drink', type: 'free_drink', value: null, ...overrides });
  const claimed = await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: member.sessionId });
  if (claimed.status !== 201) throw new Error(JSON.stringify(claimed.body));
  return { coupon, userCouponId: claimed.body.id as string };
}

/** The answer, or fails naming what waited when it takes longer than `ms`. */
async function answeredWithin<T>(ms: number, answer: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    answer.then((value) => ({ value })),
    new Promise<'still waiting'>((resolve) => (timer = setTimeout(() => resolve('still waiting'), ms))),
  ]).finally(() => clearTimeout(timer));
  if (outcome === 'still waiting') throw new Error(what);
  return outcome.value;
}

const history = async (token: string) =>
  (await t.request('GET', '/api/points/history', { token })).body as { description: string; points: number }[];

describe('GET /api/auth/me/card', () => {
  it('answers name, tier, member since, a QR payload and a short code, the same each time', async () => {
    const member = await registerMember(t, { firstName: 'Jordan', lastName: 'Blake' });
    const card = await myCard(member.sessionId);
    expect(card).toMatchObject({ firstName: 'Jordan', lastName: 'Blake', tier: 'bronze' });
    expect(new Date(card.memberSince).getTime()).toBeLessThanOrEqual(Date.now());
    expect(card.shortCode).toMatch(GROUPED);
    const payload = MemberCardPayload.parse(JSON.parse(card.qrPayload));
    expect(Buffer.from(payload.token, 'base64url').length).toBe(32);
    expect(await myCard(member.sessionId)).toEqual(card);
    const stored = await t.sql.query('select id, short_code from member_cards where member_id = $1', [member.user.id]);
    expect(stored.rows).toEqual([{ id: payload.memberCardId, short_code: card.shortCode.replace(/-/g, '') }]);
    // Every member's card is their own.
    const other = await myCard((await registerMember(t)).sessionId);
    expect(other.shortCode).not.toBe(card.shortCode);
    expect(other.qrPayload).not.toBe(card.qrPayload);
  });

  it('issues one card however many requests ask for it at once', async () => {
    const member = await registerMember(t);
    const cards = await Promise.all(Array.from({ length: 8 }, () => myCard(member.sessionId)));
    expect(new Set(cards.map((card) => card.qrPayload)).size).toBe(1);
    const rows = await t.sql.query('select count(*)::int as n from member_cards where member_id = $1', [member.user.id]);
    expect(rows.rows[0].n).toBe(1);
  });

  it("keeps cards' and coupons' codes in one namespace: a code either holds is never given to the other", async () => {
    const member = await registerMember(t);
    const card = await myCard(member.sessionId);
    const cardId = MemberCardPayload.parse(JSON.parse(card.qrPayload)).memberCardId;
    const holder = await registerMember(t);
    const { userCouponId } = await claim(holder);
    // The database refuses a coupon code a card holds...
    await expect(
      t.sql.query('update user_coupons set short_code = $2 where id = $1', [userCouponId, card.shortCode.replace(/-/g, '')]),
    ).rejects.toMatchObject({ code: '23505', constraint: 'short_code_namespace' });
    // ...and a card whose first candidate a coupon holds gets the next one. (Its code is made stale
    // first, as a rotated QR_SECRET would leave it, so the api derives it again.)
    const qr = t.app.get(QrTokenService);
    const first = qr.shortCodeFor(cardId, 0, 'member-card');
    await t.sql.query("update member_cards set short_code = 'ZZZZZZZZZZZ' where id = $1", [cardId]);
    await t.sql.query('update user_coupons set short_code = $2 where id = $1', [userCouponId, first]);
    const recoded = await myCard(member.sessionId);
    expect(recoded.shortCode.replace(/-/g, '')).toBe(qr.shortCodeFor(cardId, 1, 'member-card'));
    expect(recoded.qrPayload).toBe(card.qrPayload);
  });

  it('needs a signed-in account', async () => {
    expect((await t.request('GET', '/api/auth/me/card')).status).toBe(401);
  });
});

describe('a member card at the door', () => {
  it('shows first name, tier and status (not member since), records the visit with its points, and lists the coupons usable tonight', async () => {
    const member = await registerMember(t, { firstName: 'Priya', lastName: 'Shah' });
    const usable = await claim(member, { title: 'Half-price cocktail', type: 'percentage', value: 50 });
    const redeemed = await claim(member);
    const expired = await claim(member);
    const paused = await claim(member);
    const withdrawn = await claim(member);
    expect((await t.request('POST', `/api/coupons/redeem/${redeemed.userCouponId}`, { token: member.sessionId })).status).toBe(
      200,
    );
    await expireAtTonightsStart(t, expired.coupon.id);
    await t.request('PATCH', `/api/admin/coupons/${paused.coupon.id}`, { token: admin.sessionId, body: { isActive: false } });
    await t.request('DELETE', `/api/admin/coupons/${withdrawn.coupon.id}`, { token: admin.sessionId });
    const card = await myCard(member.sessionId);
    const before = (await t.request('GET', '/api/auth/me', { token: member.sessionId })).body;

    const answer = await check(card.qrPayload);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      kind: 'card',
      ok: true,
      message: 'Welcome, Priya: visit recorded, +20 points',
      refusal: null,
      // Door staff see first name, tier and status: not how long they have been a member.
      member: { firstName: 'Priya', tier: 'bronze', status: 'active' },
      visit: { night: clubNightOf(new Date(), t.config.VENUE_TZ), recorded: true, points: 20 },
      coupons: [
        {
          userCouponId: usable.userCouponId,
          title: 'Half-price cocktail',
          type: 'percentage',
          value: 50,
          valueLabel: '50% off',
        },
      ],
    });
    const after = (await t.request('GET', '/api/auth/me', { token: member.sessionId })).body;
    expect(after.currentPoints - before.currentPoints).toBe(20);
    expect(after.totalPoints - before.totalPoints).toBe(20);
    const weekday = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
    const [y, m, d] = answer.body.visit.night.split('-').map(Number);
    expect((await history(member.sessionId))[0]).toMatchObject({
      description: `Visit: ${weekday.format(new Date(Date.UTC(y, m - 1, d)))}`,
      points: 20,
    });
    const line = await t.sql.query(
      'select scanned_id, method, action, result, reason, user_coupon_id, member_id from qr_scans where admin_id = $1 order by id desc limit 1',
      [door.user.id],
    );
    expect(line.rows[0]).toEqual({
      scanned_id: MemberCardPayload.parse(JSON.parse(card.qrPayload)).memberCardId,
      method: 'qr',
      action: 'validate',
      result: 'accepted',
      reason: 'Welcome, Priya: visit recorded, +20 points',
      user_coupon_id: null,
      member_id: member.user.id,
    });
    await expectLedgerClean(t);
  });

  it('pays visit points once a club night, however often and by whomever the card is scanned', async () => {
    const member = await registerMember(t, { firstName: 'Ava' });
    const card = await myCard(member.sessionId);
    const colleague = await registerStaff(t, 'door', 'Robin');
    const answers = await Promise.all([
      check(card.qrPayload),
      check(card.qrPayload, 'scan', colleague.sessionId),
      check(card.shortCode, 'typed'),
      check(card.shortCode.toLowerCase(), 'typed', colleague.sessionId),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.visit.recorded)).toHaveLength(1);
    const repeats = answers.filter((a) => !a.body.visit.recorded);
    expect(repeats.map((a) => [a.body.ok, a.body.message, a.body.visit.points])).toEqual(
      Array(3).fill([true, 'Already here tonight', 0]),
    );
    const visits = (await history(member.sessionId)).filter((row) => row.description.startsWith('Visit: '));
    expect(visits).toHaveLength(1);
    const outbox = await t.sql.query("select payload from outbox where type = 'MemberVisited' and payload->>'memberId' = $1", [
      member.user.id,
    ]);
    expect(outbox.rows).toEqual([
      {
        payload: {
          visitId: expect.any(String),
          memberId: member.user.id,
          night: clubNightOf(new Date(), t.config.VENUE_TZ),
          points: 20,
          staffId: expect.any(String),
          earning: { basePoints: 20, tierMultiplier: 100, promotionMultiplier: 100, promotionId: null },
        },
      },
    ]);
    await expectLedgerClean(t);
  });

  it('finds a typed card code, and a short code finds a card or a coupon, never both', async () => {
    const member = await registerMember(t, { firstName: 'Noah' });
    const card = await myCard(member.sessionId);
    const answer = await check(card.shortCode.replace(/-/g, ' '), 'typed');
    expect(answer.body).toMatchObject({ kind: 'card', ok: true, member: { firstName: 'Noah' } });
  });

  it("answers a card already in tonight at once, while another door's first scan of a member holds their visits", async () => {
    const member = await registerMember(t, { firstName: 'Zoe' });
    const card = await myCard(member.sessionId);
    expect((await check(card.qrPayload)).body.visit).toMatchObject({ recorded: true });
    // Another door is in the middle of recording a visit of this member (the lock every first scan takes).
    const otherDoor = await holdDoorLock(t.sql, `visits:${member.user.id}`);
    try {
      const answers = await answeredWithin(
        2_000,
        Promise.all([check(card.qrPayload), check(card.shortCode, 'typed')]),
        'the checks waited on the other door',
      );
      for (const answer of answers)
        expect([answer.status, answer.body.ok, answer.body.message, answer.body.visit]).toEqual([
          200,
          true,
          'Already here tonight',
          expect.objectContaining({ recorded: false, points: 0 }),
        ]);
    } finally {
      await otherDoor.release();
    }
  });

  it("keeps a shared account's phones typing while one of its checks waits on a member's first visit", async () => {
    const [first, next] = await Promise.all([registerMember(t, { firstName: 'Ines' }), registerMember(t, { firstName: 'Omar' })]);
    const [firstCard, nextCard] = await Promise.all([myCard(first.sessionId), myCard(next.sessionId)]);
    // Another door is recording Ines's first visit of the night and has not finished.
    const otherDoor = await holdDoorLock(t.sql, `visits:${first.user.id}`);
    try {
      const waiting = check(firstCard.shortCode, 'typed');
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Another phone of the same account types Omar's code meanwhile.
      const answer = await answeredWithin(
        2_000,
        check(nextCard.shortCode, 'typed'),
        "the account's next typed code waited on Ines's visit",
      );
      expect([answer.status, answer.body.member.firstName, answer.body.visit.recorded]).toEqual([200, 'Omar', true]);
      await otherDoor.release();
      expect((await waiting).body).toMatchObject({ ok: true, member: { firstName: 'Ines' }, visit: { recorded: true } });
    } finally {
      await otherDoor.release();
    }
  });

  it('refuses a disabled member\'s card: "Member account disabled", no visit, no points, no coupons', async () => {
    const member = await registerMember(t, { firstName: 'Mia' });
    await claim(member);
    const card = await myCard(member.sessionId);
    expect((await t.request('POST', `/api/admin/members/${member.user.id}/disable`, { token: admin.sessionId })).status).toBe(
      200,
    );
    const answer = await check(card.qrPayload);
    expect(answer.body).toEqual({
      kind: 'card',
      ok: false,
      message: 'Member account disabled',
      refusal: 'member_disabled',
      member: { firstName: 'Mia', tier: 'bronze', status: 'disabled' },
      visit: null,
      coupons: [],
    });
    expect((await t.sql.query('select count(*)::int as n from visits where member_id = $1', [member.user.id])).rows[0].n).toBe(0);
    const visitRows = await t.sql.query(
      "select count(*)::int as n from point_transactions where member_id = $1 and kind = 'visit'",
      [member.user.id],
    );
    expect(visitRows.rows[0].n).toBe(0);
  });

  it('answers "Not a Nocturne code" for a forged card token', async () => {
    const member = await registerMember(t);
    const { memberCardId } = MemberCardPayload.parse(JSON.parse((await myCard(member.sessionId)).qrPayload));
    // A coupon's token for the same id is no card token: the two are HMACs with different prefixes.
    const couponToken = t.app.get(QrTokenService).tokenFor(memberCardId);
    const answer = await check(JSON.stringify({ memberCardId, token: couponToken }));
    expect(answer.body).toEqual({ kind: 'unknown', ok: false, message: 'Not a Nocturne code', refusal: 'not_nocturne' });
  });
});

describe("redeeming a card holder's coupon at the door", () => {
  it("redeems the coupon chosen from the card's list, and only the card holder's", async () => {
    const member = await registerMember(t, { firstName: 'Leo' });
    const { userCouponId } = await claim(member);
    const stranger = await registerMember(t);
    const theirs = await claim(stranger);
    const card = await myCard(member.sessionId);

    const none = await doorRedeem(card.qrPayload);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("Choose one of the member's coupons to redeem");
    expect(none.body.issues).toEqual([{ path: 'userCouponId', message: 'is required to redeem from a member card' }]);

    const other = await doorRedeem(card.qrPayload, theirs.userCouponId);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe("That coupon is not this member's");

    const answer = await doorRedeem(card.qrPayload, userCouponId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, message: 'Redeemed: Free drink for Leo', userCouponId });
    expect((await check(card.qrPayload)).body.coupons).toEqual([]);
    const again = await doorRedeem(card.shortCode, userCouponId);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^Already used at \d{2}:\d{2} \(Sam\)$/);
    const redeemed = await t.sql.query('select redeemed_at from user_coupons where id = $1', [theirs.userCouponId]);
    expect(redeemed.rows[0].redeemed_at).toBeNull();
  });

  it("refuses a disabled member's card with 409, redeeming nothing", async () => {
    const member = await registerMember(t);
    const { userCouponId } = await claim(member);
    const card = await myCard(member.sessionId);
    await t.request('POST', `/api/admin/members/${member.user.id}/disable`, { token: admin.sessionId });
    const answer = await doorRedeem(card.qrPayload, userCouponId);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Member account disabled');
    expect(
      (await t.sql.query('select redeemed_at from user_coupons where id = $1', [userCouponId])).rows[0].redeemed_at,
    ).toBeNull();
  });
});

describe('POINTS_PER_VISIT=0', () => {
  it('records visits without points', async () => {
    const off = await startTestApp({ POINTS_PER_VISIT: '0' });
    try {
      const staff = await registerStaff(off, 'door', 'Sam');
      const member = await registerMember(off, { firstName: 'Zoe' });
      const card = (await off.request('GET', '/api/auth/me/card', { token: member.sessionId })).body;
      const answer = await off.request('POST', '/api/door/check', {
        token: staff.sessionId,
        body: { text: card.qrPayload, method: 'scan' },
      });
      expect(answer.body).toMatchObject({
        ok: true,
        message: 'Welcome, Zoe: visit recorded',
        visit: { recorded: true, points: 0 },
      });
      const rows = await off.sql.query("select count(*)::int as n from point_transactions where kind = 'visit'");
      expect(rows.rows[0].n).toBe(0);
      expect((await off.sql.query('select points from visits where member_id = $1', [member.user.id])).rows).toEqual([
        { points: 0 },
      ]);
    } finally {
      await off.close();
    }
  });
});
