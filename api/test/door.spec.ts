import { addDays, clubNightBounds, clubNightOf } from '@nocturne/domain';
import { registerAdmin, registerMember, registerStaff, startTestApp, type TestApp } from '@nocturne/testing';
import { createCoupon } from './support/coupon-fixtures.js';
import { expireAtTonightsStart, lastNightInWords } from './support/door-fixtures.js';

// Door mode: POST /api/door/check and /api/door/redeem, through HTTP as the door phone calls them.
let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;
let sam: Awaited<ReturnType<typeof registerStaff>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerAdmin(t);
  sam = await registerStaff(t, 'door', 'Sam');
});
afterAll(async () => {
  await t.close();
});

interface Held {
  id: string;
  qrCode: string;
  shortCode: string;
}

const check = (text: string, method: 'scan' | 'typed' = 'scan', token = sam.sessionId) =>
  t.request('POST', '/api/door/check', { token, body: { text, method } });
const redeem = (text: string, extra: { method?: 'scan' | 'typed'; userCouponId?: string; token?: string } = {}) =>
  t.request('POST', '/api/door/redeem', {
    token: extra.token ?? sam.sessionId,
    body: { text, method: extra.method ?? 'scan', ...(extra.userCouponId ? { userCouponId: extra.userCouponId } : {}) },
  });

/** The text a coupon's QR holds, as the member's phone draws it. */
const couponQr = (held: Held) => JSON.stringify({ userCouponId: held.id, token: held.qrCode });

/** A member (Jordan) holding a claimed coupon (free entry, $25 off unless overridden). */
async function heldCoupon(overrides: Record<string, unknown> = {}, member?: Awaited<ReturnType<typeof registerMember>>) {
  const holder = member ?? (await registerMember(t, { firstName: 'Jordan', lastName: 'Blake' }));
  const coupon = await createCoupon(t, admin.sessionId, { title: 'Free entry', type: 'fixed_amount', value: 25, ...overrides });
  const claimed = await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: holder.sessionId });
  if (claimed.status !== 201) throw new Error(JSON.stringify(claimed.body));
  const mine = (await t.request('GET', '/api/coupons/my', { token: holder.sessionId })).body.coupons as Held[];
  return { member: holder, coupon, held: mine.find((uc) => uc.id === claimed.body.id)! };
}

async function scanLines(staffId: string, count: number) {
  const { rows } = await t.sql.query(
    `select scanned_id, method, action, result, reason, user_coupon_id, member_id
       from qr_scans where admin_id = $1 order by id desc limit $2`,
    [staffId, count],
  );
  return rows;
}

const redeemedAt = async (userCouponId: string) =>
  (await t.sql.query('select redeemed_at from user_coupons where id = $1', [userCouponId])).rows[0].redeemed_at;

const disable = async (memberId: string) => {
  const answer = await t.request('POST', `/api/admin/members/${memberId}/disable`, { token: admin.sessionId });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
};

const CLOCK = /^\d{2}:\d{2}$/;

describe('POST /api/door/check: a coupon', () => {
  it("answers green with the coupon, the member's first name, tier and status, redeeming nothing; one log line", async () => {
    const { member, held } = await heldCoupon();
    const answer = await check(couponQr(held));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      kind: 'coupon',
      ok: true,
      message: 'Valid',
      refusal: null,
      coupon: { userCouponId: held.id, title: 'Free entry', type: 'fixed_amount', value: 25, valueLabel: '$25 off' },
      member: { firstName: 'Jordan', tier: 'bronze', status: 'active' },
    });
    expect(await redeemedAt(held.id)).toBeNull();
    expect(await scanLines(sam.user.id, 1)).toEqual([
      {
        scanned_id: held.id,
        method: 'qr',
        action: 'validate',
        result: 'accepted',
        reason: 'Valid',
        user_coupon_id: held.id,
        member_id: member.user.id,
      },
    ]);
  });

  it('draws on an unguessable QR token of at least 128 bits, one per coupon', async () => {
    const { held } = await heldCoupon();
    expect(Buffer.from(held.qrCode, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect((await heldCoupon()).held.qrCode).not.toBe(held.qrCode);
  });

  it('finds a typed short code in any case, with spaces or hyphens', async () => {
    const { held } = await heldCoupon({ type: 'free_drink', value: null, title: 'Free drink' });
    const typed = ` ${held.shortCode.toLowerCase().replace(/-/g, ' ')} `;
    const answer = await check(typed, 'typed');
    expect(answer.body).toMatchObject({
      kind: 'coupon',
      ok: true,
      coupon: { userCouponId: held.id, valueLabel: 'Free drink' },
    });
    expect((await scanLines(sam.user.id, 1))[0]).toMatchObject({ method: 'code', scanned_id: typed.trim() });
  });

  it('says who redeemed it and when, on a 24-hour clock: "Already used at 23:41 (Sam)"', async () => {
    const { held } = await heldCoupon();
    expect((await redeem(couponQr(held))).status).toBe(200);
    const again = await check(couponQr(held));
    expect(again.body).toMatchObject({ kind: 'coupon', ok: false, refusal: 'already_used' });
    const [, clock] = /^Already used at (\d{2}:\d{2}) \(Sam\)$/.exec(again.body.message) ?? [];
    expect(clock).toMatch(CLOCK);
    const venueClock = new Intl.DateTimeFormat('en-GB', {
      timeZone: t.config.VENUE_TZ,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(await redeemedAt(held.id)));
    expect(clock).toBe(venueClock);

    const own = await heldCoupon();
    expect((await t.request('POST', `/api/coupons/redeem/${own.held.id}`, { token: own.member.sessionId })).status).toBe(200);
    expect((await check(couponQr(own.held))).body.message).toMatch(/^Already used at \d{2}:\d{2} \(the member\)$/);
  });

  it('names an earlier night when the redemption was not tonight', async () => {
    const { held } = await heldCoupon();
    expect((await redeem(couponQr(held))).status).toBe(200);
    const lastNight = new Date(clubNightBounds(new Date(), t.config.VENUE_TZ).start.getTime() - 3 * 3600_000);
    await t.sql.query('update user_coupons set redeemed_at = $2, validated_at = $2 where id = $1', [held.id, lastNight]);
    expect((await check(couponQr(held))).body.message).toMatch(
      new RegExp(`^Already used on ${lastNightInWords(t)} at \\d{2}:\\d{2} \\(Sam\\)$`),
    );
  });

  it('refuses an expired, paused or withdrawn coupon in a few words', async () => {
    const expired = await heldCoupon();
    await expireAtTonightsStart(t, expired.coupon.id);
    expect((await check(couponQr(expired.held))).body).toMatchObject({
      ok: false,
      refusal: 'expired',
      message: `Expired on ${lastNightInWords(t)}`,
    });

    const paused = await heldCoupon();
    await t.request('PATCH', `/api/admin/coupons/${paused.coupon.id}`, { token: admin.sessionId, body: { isActive: false } });
    expect((await check(couponQr(paused.held))).body).toMatchObject({ ok: false, refusal: 'paused', message: 'Paused' });

    const withdrawn = await heldCoupon();
    await t.request('DELETE', `/api/admin/coupons/${withdrawn.coupon.id}`, { token: admin.sessionId });
    expect((await check(couponQr(withdrawn.held))).body).toMatchObject({
      ok: false,
      refusal: 'withdrawn',
      message: 'No longer offered',
    });
  });

  it('refuses a disabled member\'s coupon: "Member account disabled"', async () => {
    const { member, held } = await heldCoupon();
    await disable(member.user.id);
    expect((await check(couponQr(held))).body).toEqual({
      kind: 'coupon',
      ok: false,
      message: 'Member account disabled',
      refusal: 'member_disabled',
      coupon: expect.objectContaining({ userCouponId: held.id }),
      member: { firstName: 'Jordan', tier: 'bronze', status: 'disabled' },
    });
  });
});

describe('POST /api/door/check: not a code of ours', () => {
  it('answers "Not a Nocturne code" for anything else, scanned or typed, and a forged token', async () => {
    const { held } = await heldCoupon();
    const other = await heldCoupon();
    const forged = JSON.stringify({ userCouponId: held.id, token: `${held.qrCode.slice(0, -2)}xx` });
    for (const [text, method] of [
      ['https://example.com/flyer', 'scan'],
      ['{"hello": "world"}', 'scan'],
      [forged, 'scan'],
      // Another coupon's token, an id of no coupon, an id that is no UUID.
      [JSON.stringify({ userCouponId: held.id, token: other.held.qrCode }), 'scan'],
      [JSON.stringify({ userCouponId: '00000000-0000-4000-8000-000000000000', token: held.qrCode }), 'scan'],
      [JSON.stringify({ userCouponId: 'not-a-coupon', token: 'x' }), 'scan'],
      ['ZZZZ-ZZZZ-ZZZ', 'typed'],
    ] as const) {
      const answer = await check(text, method);
      expect({ text, status: answer.status, body: answer.body }).toEqual({
        text,
        status: 200,
        body: { kind: 'unknown', ok: false, message: 'Not a Nocturne code', refusal: 'not_nocturne' },
      });
    }
  });

  it("tells a staffer who typed a coupon's template code to ask for the code under the QR", async () => {
    const { coupon } = await heldCoupon();
    const staffer = await registerStaff(t, 'door', 'Robin');
    for (const typed of [coupon.code, coupon.code.toLowerCase(), coupon.code.replace(/-/g, ' ')]) {
      const answer = await check(typed, 'typed', staffer.sessionId);
      expect(answer.body).toEqual({
        kind: 'unknown',
        ok: false,
        message: "That is the coupon's name: ask for the code under the QR",
        refusal: 'template_code',
      });
    }
    // A coupon's name is printed for everyone to read: typing it is a mix-up, not a guess.
    for (let i = 0; i < 12; i++) expect((await check(coupon.code, 'typed', staffer.sessionId)).status).toBe(200);
  });

  it("counts wrong typed codes towards the staffer's lock-out: then 429 with the seconds to count down", async () => {
    const staffer = await registerStaff(t, 'door', 'Kim');
    const { held } = await heldCoupon();
    for (let i = 0; i < 10; i++) expect((await check('ABCD-EFGH-JKM', 'typed', staffer.sessionId)).status).toBe(200);
    const over = await check('ABCD-EFGH-JKM', 'typed', staffer.sessionId);
    expect(over.status).toBe(429);
    expect(over.body.retryAfter).toBe(60);
    expect(over.body.message).toBe('Too many wrong codes: typing again in 1:00');
    expect(Number(over.headers.get('retry-after'))).toBe(over.body.retryAfter);
    // Every typed code is refused now, the right one too, and a short code sent as "scan" as well.
    expect((await check(held.shortCode, 'typed', staffer.sessionId)).status).toBe(429);
    expect((await check(held.shortCode, 'scan', staffer.sessionId)).status).toBe(429);
    expect((await redeem(held.shortCode, { method: 'typed', token: staffer.sessionId })).status).toBe(429);
    expect(await redeemedAt(held.id)).toBeNull();
    // The camera still works: a QR payload's 256-bit token is no guess.
    expect((await check(couponQr(held), 'scan', staffer.sessionId)).body).toMatchObject({ ok: true });
    expect(await scanLines(staffer.user.id, 20)).toHaveLength(15);
  });

  it('does not count a camera reading some other QR code', async () => {
    const staffer = await registerStaff(t, 'door', 'Lee');
    for (let i = 0; i < 12; i++) expect((await check('https://example.com/flyer', 'scan', staffer.sessionId)).status).toBe(200);
    const { held } = await heldCoupon();
    expect((await check(held.shortCode, 'typed', staffer.sessionId)).body).toMatchObject({ ok: true });
  });

  it('refuses what the contract refuses with 400 naming the field', async () => {
    for (const [body, path] of [
      [{ text: '', method: 'scan' }, 'text'],
      [{ text: 'x', method: 'camera' }, 'method'],
      [{ text: 'a\u0000b', method: 'typed' }, 'text'],
    ] as const) {
      const answer = await t.request('POST', '/api/door/check', { token: sam.sessionId, body });
      expect(answer.status).toBe(400);
      expect(answer.body.issues.map((issue: { path: string }) => issue.path)).toEqual([path]);
    }
  });
});

describe('POST /api/door/redeem', () => {
  it('redeems once with the staffer as validator, and says until when they may undo it', async () => {
    const { member, held } = await heldCoupon();
    const answer = await redeem(couponQr(held));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ok: true,
      message: 'Redeemed: Free entry for Jordan',
      userCouponId: held.id,
      redeemedAt: expect.stringMatching(/Z$/),
      undoableUntil: expect.stringMatching(/Z$/),
    });
    expect(new Date(answer.body.undoableUntil).getTime() - new Date(answer.body.redeemedAt).getTime()).toBe(15 * 60_000);
    const row = (await t.sql.query('select redeemed_by, validated_by_id from user_coupons where id = $1', [held.id])).rows[0];
    expect(row).toEqual({ redeemed_by: 'staff', validated_by_id: sam.user.id });
    const events = await t.sql.query("select payload from outbox where type = 'CouponRedeemed' and aggregate_id = $1", [held.id]);
    expect(events.rows.map((r) => r.payload)).toEqual([{ userCouponId: held.id, memberId: member.user.id, by: 'staff' }]);

    const mine = (await t.request('GET', '/api/coupons/my', { token: member.sessionId })).body.coupons[0];
    expect(mine).toMatchObject({
      id: held.id,
      redeemedBy: 'staff',
      redeemedAt: expect.any(String),
      validatedAt: expect.any(String),
    });

    const again = await redeem(couponQr(held));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^Already used at \d{2}:\d{2} \(Sam\)$/);
    const own = await t.request('POST', `/api/coupons/redeem/${held.id}`, { token: member.sessionId });
    expect([own.status, own.body.message]).toEqual([409, 'This coupon has already been redeemed']);
    expect((await scanLines(sam.user.id, 2)).map((line) => [line.action, line.result])).toEqual([
      ['redeem', 'rejected'],
      ['redeem', 'accepted'],
    ]);
  });

  it('redeems a typed short code', async () => {
    const { held } = await heldCoupon();
    expect((await redeem(held.shortCode.toLowerCase(), { method: 'typed' })).status).toBe(200);
    expect(await redeemedAt(held.id)).not.toBeNull();
  });

  it('refuses an expired coupon with 409 in words, redeeming nothing', async () => {
    const { held, coupon } = await heldCoupon();
    await expireAtTonightsStart(t, coupon.id);
    const expired = await redeem(couponQr(held));
    expect([expired.status, expired.body.message]).toEqual([409, `Expired on ${lastNightInWords(t)}`]);
    expect(await redeemedAt(held.id)).toBeNull();
  });

  it("refuses a disabled member's coupon with 409, redeeming nothing", async () => {
    const { member, held } = await heldCoupon();
    await disable(member.user.id);
    const answer = await redeem(couponQr(held));
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Member account disabled');
    expect(await redeemedAt(held.id)).toBeNull();
  });

  it('answers 404 for nothing of ours, and for a coupon other than the one checked', async () => {
    const { held } = await heldCoupon();
    const other = await heldCoupon();
    const unknown = await redeem('https://example.com/flyer');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Not a Nocturne code');
    const mismatched = await redeem(couponQr(held), { userCouponId: other.held.id });
    expect(mismatched.status).toBe(404);
    expect(await redeemedAt(held.id)).toBeNull();
    expect(await redeemedAt(other.held.id)).toBeNull();
  });

  it('lets exactly one of many door phones redeem the same coupon at once', async () => {
    const { held } = await heldCoupon();
    const phones = await Promise.all(Array.from({ length: 5 }, (_, i) => registerStaff(t, 'door', `Phone${i}`)));
    const answers = await Promise.all(phones.map((phone) => redeem(couponQr(held), { token: phone.sessionId })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    // The phones that waited for the row lock name the one that won.
    const winner = `Phone${answers.findIndex((a) => a.status === 200)}`;
    for (const lost of answers.filter((a) => a.status === 409))
      expect(lost.body.message).toMatch(new RegExp(`^Already used at \\d{2}:\\d{2} \\(${winner}\\)$`));
    expect(
      (
        await t.sql.query('select redeemed_count from coupons c join user_coupons uc on uc.coupon_id = c.id where uc.id = $1', [
          held.id,
        ])
      ).rows[0].redeemed_count,
    ).toBe(1);
  });
});

describe('one door path: a code gets the same answer scanned or typed', () => {
  it('is the only staff path: the old scanner endpoints are gone, redeeming nothing', async () => {
    const { held } = await heldCoupon();
    for (const path of ['/api/qr/validate', '/api/qr/redeem']) {
      for (const body of [{ userCouponId: held.id, qrCodeToken: held.qrCode }, { code: held.shortCode }]) {
        expect((await t.request('POST', path, { token: admin.sessionId, body })).status).toBe(404);
      }
    }
    expect(await redeemedAt(held.id)).toBeNull();
  });

  it('never answers staff the QR token of a coupon they typed', async () => {
    const { held } = await heldCoupon();
    const checked = await check(held.shortCode, 'typed');
    const redeemed = await redeem(held.shortCode, { method: 'typed' });
    expect([checked.status, redeemed.status]).toEqual([200, 200]);
    expect(JSON.stringify([checked.body, redeemed.body])).not.toContain(held.qrCode);
  });

  it("answers a coupon's template code alike from a hand scanner or typed, at check and redeem", async () => {
    const { coupon, held } = await heldCoupon();
    const words = "That is the coupon's name: ask for the code under the QR";
    for (const method of ['scan', 'typed'] as const) {
      expect((await check(coupon.code, method)).body).toEqual({
        kind: 'unknown',
        ok: false,
        message: words,
        refusal: 'template_code',
      });
      const redeemed = await redeem(coupon.code, { method });
      expect([redeemed.status, redeemed.body.message]).toEqual([404, words]);
    }
    expect(await redeemedAt(held.id)).toBeNull();
  });

  it("refuses a disabled member's coupon in the same words from its QR or its short code, redeeming nothing", async () => {
    const { member, held } = await heldCoupon();
    await disable(member.user.id);
    const scanned = await check(couponQr(held), 'scan');
    expect(scanned.body).toMatchObject({ ok: false, refusal: 'member_disabled', message: 'Member account disabled' });
    expect((await check(held.shortCode, 'typed')).body).toEqual(scanned.body);
    for (const [text, method] of [
      [couponQr(held), 'scan'],
      [held.shortCode, 'typed'],
    ] as const) {
      const redeemed = await redeem(text, { method });
      expect([redeemed.status, redeemed.body.message]).toEqual([409, 'Member account disabled']);
    }
    expect(await redeemedAt(held.id)).toBeNull();
  });

  it('refuses an already-used coupon in the same words from its QR or its short code', async () => {
    const { held } = await heldCoupon();
    expect((await redeem(held.shortCode, { method: 'typed' })).status).toBe(200);
    const scanned = await check(couponQr(held), 'scan');
    expect(scanned.body).toMatchObject({ ok: false, refusal: 'already_used' });
    expect(scanned.body.message).toMatch(/^Already used at \d{2}:\d{2} \(Sam\)$/);
    expect((await check(held.shortCode, 'typed')).body).toEqual(scanned.body);
    for (const [text, method] of [
      [couponQr(held), 'scan'],
      [held.shortCode, 'typed'],
    ] as const) {
      const again = await redeem(text, { method });
      expect([again.status, again.body.message]).toEqual([409, scanned.body.message]);
    }
  });

  it('locks a staffer out of short codes alike, sent as scanned or typed, and never out of the QR', async () => {
    const staffer = await registerStaff(t, 'door', 'Ari');
    const { held } = await heldCoupon();
    // Misses count the same however the device says the text arrived.
    for (let i = 0; i < 10; i++)
      expect((await check('ABCD-EFGH-JKM', i % 2 ? 'typed' : 'scan', staffer.sessionId)).status).toBe(200);
    expect((await check('ABCD-EFGH-JKM', 'scan', staffer.sessionId)).status).toBe(429);
    for (const method of ['scan', 'typed'] as const) {
      const checked = await check(held.shortCode, method, staffer.sessionId);
      const redeemed = await redeem(held.shortCode, { method, token: staffer.sessionId });
      for (const answer of [checked, redeemed]) {
        expect(answer.status).toBe(429);
        expect(answer.body.message).toMatch(/^Too many wrong codes: typing again in [01]:\d\d$/);
        expect(answer.body.retryAfter).toBeGreaterThan(50);
      }
    }
    expect(await redeemedAt(held.id)).toBeNull();
    expect((await check(couponQr(held), 'scan', staffer.sessionId)).body).toMatchObject({ ok: true });
    expect((await redeem(couponQr(held), { token: staffer.sessionId })).status).toBe(200);
  });
});

describe('GET /api/admin/scans', () => {
  it('lists every check and redeem at the door, newest first, a page at a time', async () => {
    const staffer = await registerStaff(t, 'manager', 'Alex');
    const { held, coupon } = await heldCoupon();
    await check(couponQr(held), 'scan', staffer.sessionId);
    await check('garbage', 'scan', staffer.sessionId);
    await redeem(couponQr(held), { token: staffer.sessionId });
    await redeem(couponQr(held), { token: staffer.sessionId });

    const page = await t.request('GET', '/api/admin/scans?limit=4', { token: staffer.sessionId });
    expect(page.status).toBe(200);
    const base = {
      id: expect.any(String),
      at: expect.stringMatching(/Z$/),
      adminId: staffer.user.id,
      adminName: 'Alex',
      method: 'qr',
    };
    const held_ = { userCouponId: held.id, scannedId: held.id, couponCode: coupon.code, memberName: 'Jordan Blake' };
    expect(page.body.scans).toEqual([
      {
        ...base,
        ...held_,
        action: 'redeem',
        result: 'rejected',
        reason: expect.stringMatching(/^Already used at \d{2}:\d{2} \(Alex\)$/),
        undoableUntil: null,
      },
      {
        ...base,
        ...held_,
        action: 'redeem',
        result: 'accepted',
        reason: 'Redeemed: Free entry for Jordan',
        undoableUntil: expect.stringMatching(/Z$/),
      },
      {
        ...base,
        userCouponId: null,
        scannedId: 'garbage',
        couponCode: null,
        memberName: null,
        action: 'validate',
        result: 'rejected',
        reason: 'Not a Nocturne code',
        undoableUntil: null,
      },
      { ...base, ...held_, action: 'validate', result: 'accepted', reason: 'Valid', undoableUntil: null },
    ]);
    expect(page.body.nextCursor).toBe(page.body.scans[3].id);
    const next = await t.request('GET', `/api/admin/scans?limit=4&cursor=${page.body.nextCursor}`, { token: staffer.sessionId });
    expect(next.status).toBe(200);
    for (const scan of next.body.scans) expect(BigInt(scan.id) < BigInt(page.body.nextCursor)).toBe(true);

    const bad = await t.request('GET', '/api/admin/scans?limit=0&cursor=abc', { token: staffer.sessionId });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['cursor', 'limit']);
  });
});

describe('undo at the door', () => {
  const undo = (userCouponId: string, token: string) =>
    t.request('POST', `/api/admin/redemptions/${userCouponId}/undo`, { token });

  it("lets door staff undo their own redemptions only; managers and admins undo anyone's", async () => {
    const colleague = await registerStaff(t, 'door', 'Ari');
    const manager = await registerStaff(t, 'manager', 'Max');
    const { held } = await heldCoupon();
    expect((await redeem(couponQr(held))).status).toBe(200);

    const refused = await undo(held.id, colleague.sessionId);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Door staff can undo only their own redemptions');
    expect(await redeemedAt(held.id)).not.toBeNull();
    expect((await scanLines(colleague.user.id, 1))[0]).toMatchObject({ action: 'undo', result: 'rejected' });

    expect((await undo(held.id, sam.sessionId)).status).toBe(200);
    expect(await redeemedAt(held.id)).toBeNull();
    // The coupon works again: redeemed once more, by the colleague, and a manager may undo that.
    expect((await redeem(couponQr(held), { token: colleague.sessionId })).status).toBe(200);
    expect((await undo(held.id, manager.sessionId)).status).toBe(200);

    const own = await heldCoupon();
    expect((await t.request('POST', `/api/coupons/redeem/${own.held.id}`, { token: own.member.sessionId })).status).toBe(200);
    expect((await undo(own.held.id, sam.sessionId)).status).toBe(403);
    expect((await undo(own.held.id, admin.sessionId)).status).toBe(200);
  });
});

describe('the scan log for door staff', () => {
  it("shows tonight's club night only, members by first name, and an Undo only on the staffer's own redemptions", async () => {
    const staffer = await registerStaff(t, 'door', 'Noor');
    const { held } = await heldCoupon();
    expect((await redeem(couponQr(held), { token: staffer.sessionId })).status).toBe(200);
    const other = await heldCoupon();
    expect((await redeem(couponQr(other.held))).status).toBe(200);
    // A line of last night, before tonight's 06:00.
    const lastNight = new Date(clubNightBounds(new Date(), t.config.VENUE_TZ).start.getTime() - 60_000);
    await t.sql.query(
      `insert into qr_scans (admin_id, user_coupon_id, scanned_id, method, action, result, reason, at)
         values ($1, $2, $3, 'qr', 'validate', 'accepted', 'Valid', $4)`,
      [staffer.user.id, held.id, held.id, lastNight],
    );

    const door = await t.request('GET', '/api/admin/scans?limit=200', { token: staffer.sessionId });
    expect(door.status).toBe(200);
    const start = clubNightBounds(new Date(), t.config.VENUE_TZ).start.getTime();
    expect(door.body.scans.every((scan: { at: string }) => new Date(scan.at).getTime() >= start)).toBe(true);
    const mine = door.body.scans.find((scan: { userCouponId: string }) => scan.userCouponId === held.id);
    expect(mine).toMatchObject({ memberName: 'Jordan', undoableUntil: expect.stringMatching(/Z$/) });
    const sams = door.body.scans.find((scan: { userCouponId: string }) => scan.userCouponId === other.held.id);
    expect(sams).toMatchObject({ memberName: 'Jordan', undoableUntil: null });

    const admins = await t.request('GET', '/api/admin/scans?limit=200', { token: admin.sessionId });
    const lines = admins.body.scans.filter((scan: { userCouponId: string }) => scan.userCouponId === held.id);
    expect(lines.map((line: { memberName: string }) => line.memberName)).toEqual(['Jordan Blake', 'Jordan Blake']);
  });
});

describe('GET /api/door/tonight', () => {
  it("answers tonight's club night and the staffer's own redemptions, visits and undos", async () => {
    const staffer = await registerStaff(t, 'door', 'Tally');
    const empty = await t.request('GET', '/api/door/tonight', { token: staffer.sessionId });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      night: clubNightOf(new Date(), t.config.VENUE_TZ),
      mine: { redemptions: 0, visits: 0, undone: 0 },
    });
    const first = await heldCoupon();
    const second = await heldCoupon();
    expect((await redeem(couponQr(first.held), { token: staffer.sessionId })).status).toBe(200);
    expect((await redeem(couponQr(second.held), { token: staffer.sessionId })).status).toBe(200);
    expect((await redeem(couponQr(second.held), { token: staffer.sessionId })).status).toBe(409);
    const undone = await t.request('POST', `/api/admin/redemptions/${second.held.id}/undo`, { token: staffer.sessionId });
    expect(undone.status).toBe(200);
    const card = (await t.request('GET', '/api/auth/me/card', { token: first.member.sessionId })).body;
    expect((await check(card.qrPayload, 'scan', staffer.sessionId)).body).toMatchObject({ kind: 'card', ok: true });
    expect((await check(card.qrPayload, 'scan', staffer.sessionId)).body).toMatchObject({ kind: 'card', ok: true });

    const tally = await t.request('GET', '/api/door/tonight', { token: staffer.sessionId });
    expect(tally.body.mine).toEqual({ redemptions: 2, visits: 1, undone: 1 });
    // Someone else's night is theirs.
    expect((await t.request('GET', '/api/door/tonight', { token: admin.sessionId })).body.mine.visits).toBe(0);
  });
});

describe('visits across the 06:00 rollover', () => {
  it('counts a visit recorded before 06:00 as last night: tonight pays again, once', async () => {
    const member = await registerMember(t, { firstName: 'Casey' });
    const card = (await t.request('GET', '/api/auth/me/card', { token: member.sessionId })).body;
    const tonight = clubNightOf(new Date(), t.config.VENUE_TZ);
    const lastNight = addDays(tonight, -1);
    // Last night's visit, scanned at 05:59 this morning, as the api would have written it.
    const at = new Date(clubNightBounds(new Date(), t.config.VENUE_TZ).start.getTime() - 60_000);
    await t.sql.query('insert into visits (member_id, night, recorded_by_id, points, created_at) values ($1, $2, $3, 20, $4)', [
      member.user.id,
      lastNight,
      sam.user.id,
      at,
    ]);
    const answer = await check(card.qrPayload);
    expect(answer.body.visit).toEqual({ night: tonight, recorded: true, points: 20 });
    expect((await check(card.qrPayload)).body.visit).toEqual({ night: tonight, recorded: false, points: 0 });
    const nights = await t.sql.query('select night::text from visits where member_id = $1 order by night', [member.user.id]);
    expect(nights.rows.map((row) => row.night)).toEqual([lastNight, tonight]);
  });
});
