import { QrPayload } from '@nocturne/contracts';
import { createCoupon } from './support/coupon-fixtures.js';
import { expireAtTonightsStart, lastNightInWords } from './support/door-fixtures.js';
import { registerAdmin, registerMember, startTestApp, type TestApp } from '@nocturne/testing';

let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const INVALID = 'This QR code is not valid. Ask the member to open the coupon in their Coupons tab and scan again.';

const validate = (body: unknown) => t.request('POST', '/api/qr/validate', { token: admin.sessionId, body });
const staffRedeem = (body: unknown) => t.request('POST', '/api/qr/redeem', { token: admin.sessionId, body });

const answer400 = (answer: { status: number; body: { issues?: unknown } }) =>
  answer.status === 400 ? answer.body.issues : answer;

/** A member holding a claimed coupon, as /api/coupons/my shows it to them. */
async function heldCoupon(overrides: Record<string, unknown> = {}) {
  const member = await registerMember(t, { firstName: 'Jordan', lastName: 'Blake' });
  const coupon = await createCoupon(t, admin.sessionId, { title: 'Free entry', type: 'fixed_amount', value: 25, ...overrides });
  const claimed = await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: member.sessionId });
  if (claimed.status !== 201) throw new Error(JSON.stringify(claimed.body));
  const mine = (await t.request('GET', '/api/coupons/my', { token: member.sessionId })).body.coupons as {
    id: string;
    qrCode: string;
  }[];
  return { member, coupon, held: mine.find((uc) => uc.id === claimed.body.id)! };
}

/** What the SPA's QR code holds: the JSON text of {userCouponId, token}, as the scanner reads it back. */
function scannedPayload(held: { id: string; qrCode: string }) {
  const text = JSON.stringify({ userCouponId: held.id, token: held.qrCode });
  return QrPayload.parse(JSON.parse(text));
}

describe('POST /api/qr/validate', () => {
  it("accepts the QR payload a member's coupon renders, with the details staff need", async () => {
    const { coupon, held } = await heldCoupon();
    const payload = scannedPayload(held);
    const answer = await validate({ userCouponId: payload.userCouponId, qrCodeToken: payload.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      valid: true,
      message: 'Valid coupon',
      userCoupon: { id: held.id, qrCode: held.qrCode },
      coupon: { title: 'Free entry', code: coupon.code, type: 'fixed_amount', value: 25 },
      user: { firstName: 'Jordan', lastName: 'Blake', memberTier: 'bronze' },
    });
    // Validating does not redeem.
    expect((await t.sql.query('select redeemed_at from user_coupons where id = $1', [held.id])).rows[0].redeemed_at).toBeNull();
  });

  it('uses an unguessable token of at least 128 bits', async () => {
    const { held } = await heldCoupon();
    expect(Buffer.from(held.qrCode, 'base64url').length).toBeGreaterThanOrEqual(16);
    const other = await heldCoupon();
    expect(other.held.qrCode).not.toBe(held.qrCode);
  });

  it.each([
    ['a token that belongs to another user coupon', 'swap'],
    ['a tampered token', 'tamper'],
    ['an unknown id', 'unknown'],
    ['an id that is not a UUID', 'garbage'],
  ])('answers {valid: false} for %s', async (_, kind) => {
    const { held } = await heldCoupon();
    const other = await heldCoupon();
    const body = {
      swap: { userCouponId: held.id, qrCodeToken: other.held.qrCode },
      tamper: { userCouponId: held.id, qrCodeToken: `${held.qrCode.slice(0, -1)}${held.qrCode.endsWith('A') ? 'B' : 'A'}` },
      unknown: { userCouponId: '00000000-0000-4000-8000-000000000000', qrCodeToken: held.qrCode },
      garbage: { userCouponId: 'not-a-coupon', qrCodeToken: 'x' },
    }[kind]!;
    const answer = await validate(body);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ valid: false, message: INVALID });
  });

  it('reports an expired, archived or already redeemed coupon as invalid, saying which in a few words', async () => {
    const expired = await heldCoupon();
    await expireAtTonightsStart(t, expired.coupon.id);
    expect((await validate({ userCouponId: expired.held.id, qrCodeToken: expired.held.qrCode })).body).toEqual({
      valid: false,
      message: `Expired on ${lastNightInWords(t)}`,
    });

    const archived = await heldCoupon();
    expect((await t.request('DELETE', `/api/admin/coupons/${archived.coupon.id}`, { token: admin.sessionId })).status).toBe(200);
    expect((await validate({ userCouponId: archived.held.id, qrCodeToken: archived.held.qrCode })).body).toEqual({
      valid: false,
      message: 'No longer offered',
    });

    const used = await heldCoupon();
    expect((await t.request('POST', `/api/coupons/redeem/${used.held.id}`, { token: used.member.sessionId })).status).toBe(200);
    const answer = await validate({ userCouponId: used.held.id, qrCodeToken: used.held.qrCode });
    expect(answer.body.valid).toBe(false);
    expect(answer.body.message).toMatch(/^Already used at \d{2}:\d{2} \(the member\)$/);
  });

  it('answers 400 naming the fields of both forms when neither is sent', async () => {
    for (const body of [{}, { userCouponId: 'x' }, { code: 42 }]) {
      const answer = await validate(body);
      expect(answer.status).toBe(400);
      expect(answer.body.issues).toEqual([{ path: 'body', message: 'must hold either code, or userCouponId and qrCodeToken' }]);
    }
    const empty = await validate({ code: '  ' });
    expect(answer400(empty)).toEqual([{ path: 'code', message: 'must not be empty' }]);
  });
});

describe('POST /api/qr/redeem', () => {
  it('redeems, recording the signed-in admin as validator whatever validatedBy says', async () => {
    const { held, member } = await heldCoupon();
    const answer = await staffRedeem({ userCouponId: held.id, qrCodeToken: held.qrCode, validatedBy: 'admin' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: 'Redeemed: Free entry for Jordan', userCouponId: held.id });
    const row = (
      await t.sql.query('select redeemed_at, validated_at, validated_by_id, redeemed_by from user_coupons where id = $1', [
        held.id,
      ])
    ).rows[0];
    expect(row).toMatchObject({ redeemed_by: 'staff', validated_by_id: admin.user.id });
    expect(row.redeemed_at).toBeInstanceOf(Date);
    expect(row.validated_at).toBeInstanceOf(Date);
    const mine = (await t.request('GET', '/api/coupons/my', { token: member.sessionId })).body.coupons[0];
    expect(mine).toMatchObject({
      id: held.id,
      redeemedBy: 'staff',
      redeemedAt: expect.any(String),
      validatedAt: expect.any(String),
    });
    const events = await t.sql.query("select payload from outbox where type = 'CouponRedeemed' and aggregate_id = $1", [held.id]);
    expect(events.rows).toEqual([{ payload: { userCouponId: held.id, memberId: member.user.id, by: 'staff' } }]);

    const again = await staffRedeem({ userCouponId: held.id, qrCodeToken: held.qrCode, validatedBy: 'admin' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Already used at \d{2}:\d{2} \(Alex\)$/),
    });
    const own = await t.request('POST', `/api/coupons/redeem/${held.id}`, { token: member.sessionId });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe('This coupon has already been redeemed');
  });

  it('refuses a wrong token with 404 and an expired coupon with 409, redeeming nothing', async () => {
    const { held, coupon } = await heldCoupon();
    const other = await heldCoupon();
    const wrong = await staffRedeem({ userCouponId: held.id, qrCodeToken: other.held.qrCode });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toMatchObject({ success: false, message: INVALID });
    await expireAtTonightsStart(t, coupon.id);
    const expired = await staffRedeem({ userCouponId: held.id, qrCodeToken: held.qrCode });
    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe(`Expired on ${lastNightInWords(t)}`);
    expect((await t.sql.query('select redeemed_at from user_coupons where id = $1', [held.id])).rows[0].redeemed_at).toBeNull();
  });
});

describe('GET /api/admin/scans', () => {
  it('lists every validate and redeem attempt, newest first, a page at a time', async () => {
    const { held, coupon } = await heldCoupon();
    await validate({ userCouponId: held.id, qrCodeToken: held.qrCode });
    await validate({ userCouponId: 'garbage', qrCodeToken: 'nope' });
    await staffRedeem({ userCouponId: held.id, qrCodeToken: held.qrCode, validatedBy: 'admin' });
    await staffRedeem({ userCouponId: held.id, qrCodeToken: held.qrCode, validatedBy: 'admin' });

    const page = await t.request('GET', '/api/admin/scans?limit=4', { token: admin.sessionId });
    expect(page.status).toBe(200);
    const base = {
      id: expect.any(String),
      at: expect.stringMatching(/Z$/),
      adminId: admin.user.id,
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
        reason: INVALID,
        undoableUntil: null,
      },
      { ...base, ...held_, action: 'validate', result: 'accepted', reason: 'Valid coupon', undoableUntil: null },
    ]);
    expect(page.body.nextCursor).toBe(page.body.scans[3].id);
    const next = await t.request('GET', `/api/admin/scans?limit=4&cursor=${page.body.nextCursor}`, { token: admin.sessionId });
    expect(next.status).toBe(200);
    for (const scan of next.body.scans) expect(BigInt(scan.id) < BigInt(page.body.nextCursor)).toBe(true);

    const bad = await t.request('GET', '/api/admin/scans?limit=0&cursor=abc', { token: admin.sessionId });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['cursor', 'limit']);
  });
});
