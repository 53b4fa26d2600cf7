import { createCoupon } from './support/coupon-fixtures.js';
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

const TOO_LATE = 'A redemption can only be undone within 15 minutes';

const undo = (userCouponId: string, token = admin.sessionId) =>
  t.request('POST', `/api/admin/redemptions/${userCouponId}/undo`, { token });
const staffRedeem = (held: { id: string; qrCode: string }) =>
  t.request('POST', '/api/door/redeem', {
    token: admin.sessionId,
    body: { text: JSON.stringify({ userCouponId: held.id, token: held.qrCode }), method: 'scan' },
  });

/** A member holding a coupon that staff have just redeemed at the door. */
async function redeemedCoupon() {
  const member = await registerMember(t, { firstName: 'Jordan', lastName: 'Blake' });
  const coupon = await createCoupon(t, admin.sessionId, { title: 'Free entry', type: 'fixed_amount', value: 25 });
  const claimed = await t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: member.sessionId });
  if (claimed.status !== 201) throw new Error(JSON.stringify(claimed.body));
  const mine = (await t.request('GET', '/api/coupons/my', { token: member.sessionId })).body.coupons as {
    id: string;
    qrCode: string;
    shortCode: string;
  }[];
  const held = mine.find((uc) => uc.id === claimed.body.id)!;
  const redeemed = await staffRedeem(held);
  if (redeemed.status !== 200) throw new Error(JSON.stringify(redeemed.body));
  return { member, coupon, held };
}

const redeemedCount = async (couponId: string) =>
  (await t.sql.query<{ redeemed_count: number }>('select redeemed_count from coupons where id = $1', [couponId])).rows[0]!
    .redeemed_count;

describe('POST /api/admin/redemptions/{userCouponId}/undo', () => {
  it('puts the coupon back to claimed: its QR and short code work again, counts follow, the log says who', async () => {
    const { member, coupon, held } = await redeemedCoupon();
    expect(await redeemedCount(coupon.id)).toBe(1);

    const answer = await undo(held.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      message: 'Redemption of Free entry for Jordan undone: the coupon can be used again',
    });
    expect(await redeemedCount(coupon.id)).toBe(0);

    const mine = (await t.request('GET', '/api/coupons/my', { token: member.sessionId })).body.coupons as {
      id: string;
      redeemedAt: string | null;
    }[];
    expect(mine.find((uc) => uc.id === held.id)).toMatchObject({ redeemedAt: null, validatedAt: null, redeemedBy: null });
    const byQr = await t.request('POST', '/api/door/check', {
      token: admin.sessionId,
      body: { text: JSON.stringify({ userCouponId: held.id, token: held.qrCode }), method: 'scan' },
    });
    expect(byQr.body).toMatchObject({ kind: 'coupon', ok: true });
    const byCode = await t.request('POST', '/api/door/check', {
      token: admin.sessionId,
      body: { text: held.shortCode, method: 'typed' },
    });
    expect(byCode.body).toMatchObject({ kind: 'coupon', ok: true });

    const log = await t.request('GET', '/api/admin/scans?limit=3', { token: admin.sessionId });
    expect(log.body.scans[2]).toMatchObject({
      action: 'undo',
      result: 'accepted',
      adminId: admin.user.id,
      adminName: 'Alex',
      userCouponId: held.id,
    });
    // The redemption it undid no longer offers an undo.
    const redeemLine = (await t.request('GET', '/api/admin/scans?limit=4', { token: admin.sessionId })).body.scans[3];
    expect(redeemLine).toMatchObject({ action: 'redeem', result: 'accepted', undoableUntil: null });

    // Redeemed again, it counts again and can be undone again.
    expect((await staffRedeem(held)).status).toBe(200);
    expect(await redeemedCount(coupon.id)).toBe(1);
    const outbox = await t.sql.query("select payload from outbox where type = 'CouponRedemptionUndone' and aggregate_id = $1", [
      held.id,
    ]);
    expect(outbox.rows).toEqual([{ payload: { userCouponId: held.id, memberId: member.user.id, adminId: admin.user.id } }]);
  });

  it('offers the undo on the scan log until 15 minutes after the redemption', async () => {
    const { held } = await redeemedCoupon();
    const line = (await t.request('GET', '/api/admin/scans?limit=1', { token: admin.sessionId })).body.scans[0];
    expect(line).toMatchObject({ action: 'redeem', result: 'accepted', userCouponId: held.id });
    const row = (await t.sql.query<{ redeemed_at: Date }>('select redeemed_at from user_coupons where id = $1', [held.id]))
      .rows[0]!;
    expect(new Date(line.undoableUntil).getTime()).toBe(row.redeemed_at.getTime() + 15 * 60_000);
  });

  it('refuses after 15 minutes with a clear 409 and leaves the coupon redeemed', async () => {
    const { coupon, held } = await redeemedCoupon();
    const moved = "now() - interval '15 minutes 1 second'";
    await t.sql.query(`update user_coupons set redeemed_at = ${moved}, validated_at = ${moved} where id = $1`, [held.id]);

    const answer = await undo(held.id);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ success: false, message: TOO_LATE });
    expect((await t.sql.query('select redeemed_by from user_coupons where id = $1', [held.id])).rows[0]).toEqual({
      redeemed_by: 'staff',
    });
    expect(await redeemedCount(coupon.id)).toBe(1);
    const log = await t.request('GET', '/api/admin/scans?limit=1', { token: admin.sessionId });
    expect(log.body.scans[0]).toMatchObject({ action: 'undo', result: 'rejected', reason: TOO_LATE, undoableUntil: null });
  });

  it('lets only one of two parallel undos through', async () => {
    const { coupon, held } = await redeemedCoupon();
    const answers = await Promise.all([undo(held.id), undo(held.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(
      'This coupon has not been redeemed, so there is nothing to undo',
    );
    expect(await redeemedCount(coupon.id)).toBe(0);
  });

  it('answers 404 for an unknown coupon, 400 for a bad id, and only to admins', async () => {
    expect((await undo('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const bad = await undo('not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'userCouponId', message: 'must be a UUID' }]);
    const { member, held } = await redeemedCoupon();
    expect((await undo(held.id, member.sessionId)).status).toBe(403);
    expect((await undo(held.id, '')).status).toBe(401);
  });
});
