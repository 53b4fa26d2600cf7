import { QrTokenService } from '../src/modules/coupons/qr-token.service.js';
import { formatShortCode } from '../src/modules/coupons/short-code.js';
import { createCoupon } from './support/coupon-fixtures.js';
import { registerAdmin, registerMember, startTestApp, type TestApp, testEnv } from '@nocturne/testing';

// The short code a member reads out when the QR cannot be scanned, typed by staff.
let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const NOT_OURS = { kind: 'unknown', ok: false, message: 'Not a Nocturne code', refusal: 'not_nocturne' };
const GROUPED = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{3}$/;

// Staff type a code into door mode (or the Coupons tab's scanner, which calls the same endpoints).
const check = (text: string, token = admin.sessionId, method: 'scan' | 'typed' = 'typed') =>
  t.request('POST', '/api/door/check', { token, body: { text, method } });
const staffRedeem = (text: string, token = admin.sessionId) =>
  t.request('POST', '/api/door/redeem', { token, body: { text, method: 'typed' } });
/** A green check of the coupon with this id. */
const validFor = (userCouponId: string) =>
  expect.objectContaining({ kind: 'coupon', ok: true, coupon: expect.objectContaining({ userCouponId }) });

interface Held {
  id: string;
  qrCode: string;
  shortCode: string;
}

/** A member holding a claimed coupon, as /api/coupons/my shows it to them. */
async function heldCoupon() {
  const member = await registerMember(t, { firstName: 'Jordan', lastName: 'Blake' });
  const coupon = await createCoupon(t, admin.sessionId, { title: 'Free entry', type: 'fixed_amount', value: 25 });
  const claimed = await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: member.sessionId });
  if (claimed.status !== 201) throw new Error(JSON.stringify(claimed.body));
  const mine = (await t.request('GET', '/api/coupons/my', { token: member.sessionId })).body.coupons as Held[];
  return { member, coupon, claimed: claimed.body as Held, held: mine.find((uc) => uc.id === claimed.body.id)! };
}

/** The newest scan-log lines of one admin, newest first. */
async function scansOf(adminId: string, count: number) {
  const { rows } = await t.sql.query(
    'select scanned_id, method, action, result, reason, user_coupon_id from qr_scans where admin_id = $1 order by id desc limit $2',
    [adminId, count],
  );
  return rows;
}

const mangle = (code: string) => {
  // Another valid-looking code: change the last digit.
  const last = code.at(-1) === '0' ? '1' : '0';
  return `${code.slice(0, -1)}${last}`;
};

describe("the member's short code", () => {
  it('is answered on the claim and in My Coupons, the same, grouped 4-4-3, and differs per coupon', async () => {
    const { claimed, held } = await heldCoupon();
    expect(claimed.shortCode).toMatch(GROUPED);
    expect(held.shortCode).toBe(claimed.shortCode);
    const other = await heldCoupon();
    expect(other.held.shortCode).not.toBe(held.shortCode);
  });

  it('is given, once, to a coupon claimed before short codes existed, the first time My Coupons lists it', async () => {
    const { member, held } = await heldCoupon();
    await t.sql.query('update user_coupons set short_code = null where id = $1', [held.id]);
    const listed = (await t.request('GET', '/api/coupons/my', { token: member.sessionId })).body.coupons as Held[];
    expect(listed[0]!.shortCode).toBe(held.shortCode);
    expect((await t.sql.query('select short_code from user_coupons where id = $1', [held.id])).rows[0].short_code).toBe(
      held.shortCode.replaceAll('-', ''),
    );
    expect((await check(held.shortCode)).body).toEqual(validFor(held.id));
  });

  it('derives again from id:1 when another coupon already holds its code, the same way every time', async () => {
    const first = await heldCoupon();
    const second = await heldCoupon();
    const qr = t.app.get(QrTokenService);
    // The second coupon's first candidate is taken by the first coupon: a collision.
    await t.sql.query('update user_coupons set short_code = null where id = $1', [second.held.id]);
    await t.sql.query('update user_coupons set short_code = $1 where id = $2', [
      qr.shortCodeFor(second.held.id, 0),
      first.held.id,
    ]);
    const list = async () =>
      ((await t.request('GET', '/api/coupons/my', { token: second.member.sessionId })).body.coupons as Held[])[0]!.shortCode;
    const code = await list();
    expect(code).toBe(formatShortCode(qr.shortCodeFor(second.held.id, 1)));
    expect(code).not.toBe(second.held.shortCode);
    await t.sql.query('update user_coupons set short_code = null where id = $1', [second.held.id]);
    expect(await list()).toBe(code);
    expect((await check(code)).body).toEqual(validFor(second.held.id));
    // The first coupon holds a code its id does not derive: typing it finds nothing valid.
    expect((await check(second.held.shortCode)).body).toEqual(NOT_OURS);
  });
});

describe('typing the short code at the door', () => {
  it('checks, then redeems, and both are logged as typed codes', async () => {
    const staff = await registerAdmin(t);
    const { held, coupon } = await heldCoupon();
    const answer = await check(held.shortCode, staff.sessionId);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      kind: 'coupon',
      ok: true,
      message: 'Valid',
      refusal: null,
      coupon: { userCouponId: held.id, title: 'Free entry', type: 'fixed_amount', value: 25, valueLabel: '$25 off' },
      member: { firstName: 'Jordan', tier: 'bronze', status: 'active' },
    });
    expect((await t.sql.query('select redeemed_at from user_coupons where id = $1', [held.id])).rows[0].redeemed_at).toBeNull();

    const redeemed = await staffRedeem(held.shortCode, staff.sessionId);
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({ ok: true, message: 'Redeemed: Free entry for Jordan', userCouponId: held.id });
    const row = (await t.sql.query('select redeemed_by, validated_by_id from user_coupons where id = $1', [held.id])).rows[0];
    expect(row).toEqual({ redeemed_by: 'staff', validated_by_id: staff.user.id });

    const log = await t.request('GET', '/api/admin/scans?limit=50', { token: staff.sessionId });
    const mine = log.body.scans.filter((scan: { adminId: string }) => scan.adminId === staff.user.id);
    expect(mine).toEqual([
      expect.objectContaining({
        method: 'code',
        action: 'redeem',
        result: 'accepted',
        scannedId: held.shortCode,
        userCouponId: held.id,
        couponCode: coupon.code,
      }),
      expect.objectContaining({
        method: 'code',
        action: 'validate',
        result: 'accepted',
        scannedId: held.shortCode,
        userCouponId: held.id,
        memberName: 'Jordan Blake',
      }),
    ]);
  });

  it('reads any case, without hyphens, with spaces, and with I, L and O for 1 and 0', async () => {
    const { held } = await heldCoupon();
    const plain = held.shortCode.replaceAll('-', '');
    const typings = [
      plain.toLowerCase(),
      ` ${held.shortCode.toLowerCase().replaceAll('-', ' ')} `,
      plain.replaceAll('1', 'l').replaceAll('0', 'O'),
      plain.replaceAll('1', 'i').replaceAll('0', 'o'),
    ];
    for (const code of typings) {
      expect({ code, answer: (await check(code)).body }).toEqual({ code, answer: validFor(held.id) });
    }
    const redeemed = await staffRedeem(plain.toLowerCase());
    expect(redeemed.status).toBe(200);
  });

  it('refuses a wrong code and a malformed one, redeeming nothing, and logs each as typed', async () => {
    const staff = await registerAdmin(t);
    const { held } = await heldCoupon();
    const wrong = mangle(held.shortCode);
    expect(await check(wrong, staff.sessionId)).toMatchObject({ status: 200, body: NOT_OURS });
    expect(await staffRedeem(wrong, staff.sessionId)).toMatchObject({ status: 404, body: { message: NOT_OURS.message } });
    expect(await check('K7QM-3XPD-2AU', staff.sessionId)).toMatchObject({ status: 200, body: NOT_OURS });
    expect((await t.sql.query('select redeemed_at from user_coupons where id = $1', [held.id])).rows[0].redeemed_at).toBeNull();
    expect(await scansOf(staff.user.id, 10)).toEqual([
      {
        scanned_id: 'K7QM-3XPD-2AU',
        method: 'code',
        action: 'validate',
        result: 'rejected',
        reason: NOT_OURS.message,
        user_coupon_id: null,
      },
      { scanned_id: wrong, method: 'code', action: 'redeem', result: 'rejected', reason: NOT_OURS.message, user_coupon_id: null },
      {
        scanned_id: wrong,
        method: 'code',
        action: 'validate',
        result: 'rejected',
        reason: NOT_OURS.message,
        user_coupon_id: null,
      },
    ]);
  });

  it('answers 400 naming the text for text no one can type, logging nothing', async () => {
    const before = (await t.sql.query('select count(*)::int as n from qr_scans')).rows[0].n;
    for (const code of ['K7QM\u00003XPD2A9', 'K7QM\u001b3XPD2A9', 'K'.repeat(501), '   ']) {
      const answer = await check(code);
      expect(answer.status).toBe(400);
      expect(answer.body.issues.map((issue: { path: string }) => issue.path)).toEqual(['text']);
    }
    expect((await t.sql.query('select count(*)::int as n from qr_scans')).rows[0].n).toBe(before);
  });

  it('refuses the second redemption of a code, saying when it was redeemed', async () => {
    const { held } = await heldCoupon();
    expect((await staffRedeem(held.shortCode)).status).toBe(200);
    const again = await staffRedeem(held.shortCode);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^Already used at \d{2}:\d{2} \(.+\)$/);
    const checked = await check(held.shortCode);
    expect(checked.body).toMatchObject({ ok: false, refusal: 'already_used', message: again.body.message });
    const events = await t.sql.query(
      "select count(*)::int as n from outbox where type = 'CouponRedeemed' and aggregate_id = $1",
      [held.id],
    );
    expect(events.rows[0].n).toBe(1);
  });

  it('is for staff only: a member gets 403 and nothing is logged or redeemed', async () => {
    const { member, held } = await heldCoupon();
    const before = (await t.sql.query('select count(*)::int as n from qr_scans')).rows[0].n;
    expect((await check(held.shortCode, member.sessionId)).status).toBe(403);
    expect((await staffRedeem(held.shortCode, member.sessionId)).status).toBe(403);
    expect((await t.request('POST', '/api/door/check', { body: { text: held.shortCode, method: 'typed' } })).status).toBe(401);
    expect((await t.sql.query('select count(*)::int as n from qr_scans')).rows[0].n).toBe(before);
    expect((await t.sql.query('select redeemed_at from user_coupons where id = $1', [held.id])).rows[0].redeemed_at).toBeNull();
  });
});

/** A device kept from typing, in words, with the wait to count down. */
const DEVICE_WAITS = /^Too many wrong codes: typing again in [01]:\d\d$/;

describe('wrong typed codes of a client that names no door device', () => {
  it('are free up to 10: then every typed code it sends, right or wrong, gets 429 with the wait in words', async () => {
    const staff = await registerAdmin(t);
    const colleague = await registerAdmin(t);
    const { held } = await heldCoupon();
    const wrong = mangle(held.shortCode);
    for (let i = 0; i < 10; i++) expect((await check(wrong, staff.sessionId)).body).toEqual(NOT_OURS);
    const over = await staffRedeem(wrong, staff.sessionId);
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('Too many wrong codes: typing again in 1:00');
    expect(over.body.retryAfter).toBe(60);
    expect(Number(over.headers.get('retry-after'))).toBe(60);

    // The right code is refused the same way, so the limit says nothing about which codes exist.
    const right = await check(held.shortCode, staff.sessionId);
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ ...over.body, message: expect.stringMatching(DEVICE_WAITS), retryAfter: expect.any(Number) });
    expect((await staffRedeem(held.shortCode, staff.sessionId)).status).toBe(429);
    expect((await t.sql.query('select redeemed_at from user_coupons where id = $1', [held.id])).rows[0].redeemed_at).toBeNull();
    const [locked] = await scansOf(staff.user.id, 1);
    expect(locked).toEqual({
      scanned_id: held.shortCode,
      method: 'code',
      action: 'redeem',
      result: 'rejected',
      reason: expect.stringMatching(DEVICE_WAITS),
      user_coupon_id: null,
    });
    expect(
      (await t.sql.query("select count(*)::int as n from qr_scans where admin_id = $1 and method = 'code'", [staff.user.id]))
        .rows[0].n,
    ).toBe(13);

    // Scanning the QR still works for that account, and a colleague can still type codes.
    const qr = JSON.stringify({ userCouponId: held.id, token: held.qrCode });
    expect((await check(qr, staff.sessionId, 'scan')).body).toEqual(validFor(held.id));
    expect((await check(held.shortCode, colleague.sessionId)).body).toEqual(validFor(held.id));
  });

  it('count misses only: right codes and already-redeemed ones do not use up the allowance', async () => {
    const staff = await registerAdmin(t);
    const { held } = await heldCoupon();
    for (let i = 0; i < 9; i++) expect((await check(mangle(held.shortCode), staff.sessionId)).body.ok).toBe(false);
    for (let i = 0; i < 5; i++) expect((await check(held.shortCode, staff.sessionId)).body.ok).toBe(true);
    expect((await staffRedeem(held.shortCode, staff.sessionId)).status).toBe(200);
    expect((await staffRedeem(held.shortCode, staff.sessionId)).status).toBe(409);
    expect((await check(mangle(held.shortCode), staff.sessionId)).status).toBe(200); // the 10th miss
    expect((await check(mangle(held.shortCode), staff.sessionId)).status).toBe(429);
  });

  it('hold under a burst of parallel guesses: exactly 10 are looked up', async () => {
    const staff = await registerAdmin(t);
    const { held } = await heldCoupon();
    const answers = await Promise.all(Array.from({ length: 30 }, () => check(mangle(held.shortCode), staff.sessionId)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    const logged = await t.sql.query<{ reason: string }>('select reason from qr_scans where admin_id = $1', [staff.user.id]);
    const reasons = logged.rows.map(({ reason }) => (DEVICE_WAITS.test(reason) ? 'waits' : reason));
    expect(reasons.filter((reason) => reason === NOT_OURS.message)).toHaveLength(11);
    expect(reasons.filter((reason) => reason === 'waits')).toHaveLength(19);
  });
});

describe('the OpenAPI document', () => {
  it("shows staff one path, the door's, taking the text as it came, and shortCode on the user coupon", async () => {
    const doc = (await t.request('GET', '/api/openapi.json')).body;
    const resolve = (schema: { $ref?: string }) => (schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!] : schema);
    for (const path of ['/api/door/check', '/api/door/redeem']) {
      const body = resolve(doc.paths[path].post.requestBody.content['application/json'].schema);
      expect([...body.required].sort()).toEqual(['method', 'text']);
      expect(doc.paths[path].post.responses['429']).toBeDefined();
    }
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/api/qr/'))).toEqual([]);
    expect(doc.components.schemas.UserCoupon.required).toContain('shortCode');
  });
});

describe('a new QR_SECRET', () => {
  it('voids the old short codes (and QR tokens); My Coupons then shows a new code that works', async () => {
    const base = await testEnv();
    const before = await startTestApp({ QR_SECRET: 'first-secret-'.padEnd(40, 'x') }, base);
    const staff = await registerAdmin(before);
    const member = await registerMember(before);
    const coupon = await createCoupon(before, staff.sessionId);
    const claimed = (await before.request('POST', `/api/coupons/${coupon.id}/claim`, { token: member.sessionId })).body as Held;
    const checkAt = (app: TestApp, text: string, method: 'scan' | 'typed' = 'typed') =>
      app.request('POST', '/api/door/check', { token: staff.sessionId, body: { text, method } });
    expect((await checkAt(before, claimed.shortCode)).body).toEqual(validFor(claimed.id));
    await before.app.close();
    await before.sql.end();

    const after = await startTestApp({ QR_SECRET: 'second-secret-'.padEnd(40, 'y') }, base);
    try {
      expect((await checkAt(after, claimed.shortCode)).body).toEqual(NOT_OURS);
      const oldQr = JSON.stringify({ userCouponId: claimed.id, token: claimed.qrCode });
      expect((await checkAt(after, oldQr, 'scan')).body).toEqual(NOT_OURS);
      const [mine] = (await after.request('GET', '/api/coupons/my', { token: member.sessionId })).body.coupons as Held[];
      expect(mine!.shortCode).toMatch(GROUPED);
      expect(mine!.shortCode).not.toBe(claimed.shortCode);
      expect((await checkAt(after, mine!.shortCode)).body).toEqual(validFor(claimed.id));
    } finally {
      await after.close();
    }
  });
});
