import { couponCode, createCoupon } from './support/coupon-fixtures.js';
import { clearOfEtagClockTick, registerAdmin, registerMember, startTestApp, waitFor, type TestApp } from '@nocturne/testing';

// Coupons: staff edit every field of a coupon (PATCH /api/admin/coupons/{id}), switch it
// off and on (an inactive coupon is neither claimed nor redeemed, by the member or at the door, and
// says so), and see per-coupon figures (claimed, redeemed, remaining).

let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const PAUSED = 'This coupon has been paused by the venue and cannot be used right now';

const patch = (id: string, body: unknown, token = admin.sessionId) =>
  t.request('PATCH', `/api/admin/coupons/${id}`, { token, body });
const adminList = async () =>
  (await t.request('GET', '/api/admin/coupons', { token: admin.sessionId })).body as Record<string, unknown>[];
const claim = (couponId: string, token: string) => t.request('POST', `/api/coupons/${couponId}/claim`, { token });
const available = async (token: string) =>
  (await t.request('GET', '/api/coupons', { token })).body as { id: string; title: string }[];
const issuePaths = (answer: { body: { issues?: { path: string }[] } }) =>
  (answer.body.issues ?? []).map((issue) => issue.path).sort();

/** A member holding a claim of `couponId`, with the QR payload their coupon shows. */
async function holder(couponId: string) {
  const member = await registerMember(t);
  const claimed = await claim(couponId, member.sessionId);
  if (claimed.status !== 201) throw new Error(JSON.stringify(claimed.body));
  return { member, held: claimed.body as { id: string; qrCode: string } };
}

describe('PATCH /api/admin/coupons/{id}', () => {
  const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

  it.each([
    ['title', { title: ' Late bar ' }, { title: 'Late bar' }],
    ['description', { description: ' Two for one ' }, { description: 'Two for one' }],
    ['type and value together', { type: 'fixed_amount', value: 15 }, { type: 'fixed_amount', value: 15 }],
    ['value alone', { value: 25 }, { value: 25 }],
    ['pointsCost', { pointsCost: 75 }, { pointsCost: 75 }],
    ['requiredTier', { requiredTier: 'gold' }, { requiredTier: 'gold' }],
    ['maxUses', { maxUses: 40 }, { maxUses: 40, remaining: 40 }],
    ['maxUses back to unlimited', { maxUses: null }, { maxUses: null, remaining: null }],
    ['perMemberLimit', { perMemberLimit: 3 }, { perMemberLimit: 3 }],
    ['validUntil', 'in a week', 'in a week'],
    ['validUntil back to none', { validUntil: null }, { validUntil: null }],
    ['isActive', { isActive: false }, { isActive: false }],
  ])('edits %s, keeps every other field and lists the change', async (_, change, expected) => {
    const coupon = await createCoupon(t, admin.sessionId, { maxUses: 10, validUntil: inAWeek() });
    const before = (await adminList()).find((c) => c.id === coupon.id)!;
    const validUntil = inAWeek();
    const body = change === 'in a week' ? { validUntil } : change;
    const wanted = expected === 'in a week' ? { validUntil } : (expected as Record<string, unknown>);
    const answer = await patch(coupon.id, body);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...before, ...wanted });
    expect((await adminList()).find((c) => c.id === coupon.id)).toEqual(answer.body);
  });

  it('edits the code; a code only its case apart from its own is fine', async () => {
    const coupon = await createCoupon(t, admin.sessionId);
    const code = couponCode('EDIT');
    expect((await patch(coupon.id, { code })).body).toMatchObject({ code });
    expect((await patch(coupon.id, { code: code.toLowerCase() })).body).toMatchObject({ code: code.toLowerCase() });
  });

  it("refuses another live coupon's code whatever its case (409); an archived coupon's code is free", async () => {
    const taken = await createCoupon(t, admin.sessionId);
    const coupon = await createCoupon(t, admin.sessionId);
    const clash = await patch(coupon.id, { code: taken.code.toLowerCase(), title: 'Renamed' });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      success: false,
      message: `A coupon with the code ${taken.code.toLowerCase()} already exists`,
    });
    expect((await adminList()).find((c) => c.id === coupon.id)).toMatchObject({ code: coupon.code, title: 'Happy hour' });

    const held = await createCoupon(t, admin.sessionId, { type: 'free_drink', value: null });
    await holder(held.id);
    expect(
      (await t.request('DELETE', `/api/admin/coupons/${held.id}`, { token: admin.sessionId })).body.archivedAt,
    ).not.toBeNull();
    expect((await patch(coupon.id, { code: held.code })).status).toBe(200);
  });

  it.each([
    ['nothing to change', {}, ['body']],
    ['blank text and a code with spaces', { title: ' ', description: '', code: 'TWO WORDS' }, ['code', 'description', 'title']],
    ['a percentage over 100', { type: 'percentage', value: 150 }, ['value']],
    ['an unknown type and tier', { type: 'bogus', requiredTier: 'diamond' }, ['requiredTier', 'type']],
    [
      'negative or fractional numbers',
      { pointsCost: -1, maxUses: 2.5, perMemberLimit: 0, value: -3 },
      ['maxUses', 'perMemberLimit', 'pointsCost', 'value'],
    ],
    ['a validUntil in the past', { validUntil: '2020-01-01T00:00:00Z' }, ['validUntil']],
    ['a validUntil that is not an instant', { validUntil: 'next friday' }, ['validUntil']],
    ['an isActive that is not a boolean', { isActive: 'yes' }, ['isActive']],
  ])('answers 400 naming each field for %s, and changes nothing', async (_, body, fields) => {
    const coupon = await createCoupon(t, admin.sessionId);
    const before = (await adminList()).find((c) => c.id === coupon.id);
    const answer = await patch(coupon.id, body);
    expect(answer.status).toBe(400);
    expect(issuePaths(answer)).toEqual(fields);
    expect((await adminList()).find((c) => c.id === coupon.id)).toEqual(before);
  });

  it('checks the value against the type the change leaves (either sent alone)', async () => {
    const drink = await createCoupon(t, admin.sessionId, { type: 'free_drink', value: null });
    const toPercent = await patch(drink.id, { type: 'percentage' });
    expect(toPercent.status).toBe(400);
    expect(toPercent.body.issues).toEqual([{ path: 'value', message: 'must be a percentage from 1 to 100' }]);
    expect((await patch(drink.id, { type: 'percentage', value: 20 })).body).toMatchObject({ type: 'percentage', value: 20 });
    const tooMuch = await patch(drink.id, { value: 120 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.issues).toEqual([{ path: 'value', message: 'must be a percentage from 1 to 100' }]);
    expect((await patch(drink.id, { type: 'fixed_amount' })).body).toMatchObject({ type: 'fixed_amount', value: 20 });
    const zero = await patch(drink.id, { value: 0 });
    expect(zero.body.issues).toEqual([{ path: 'value', message: 'must be an amount of at least 1 dollar' }]);
  });

  it('refuses maxUses below the claims already made, naming the field', async () => {
    const coupon = await createCoupon(t, admin.sessionId, { type: 'free_drink', value: null, maxUses: 5 });
    await holder(coupon.id);
    await holder(coupon.id);
    const answer = await patch(coupon.id, { maxUses: 1 });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([{ path: 'maxUses', message: 'must be at least 2, the number of claims already made' }]);
    expect((await patch(coupon.id, { maxUses: 2 })).body).toMatchObject({ maxUses: 2, claimedCount: 2, remaining: 0 });
  });

  it('answers 404 for an unknown or archived coupon and 400 for a malformed id', async () => {
    expect((await patch('00000000-0000-4000-8000-000000000000', { title: 'X' })).status).toBe(404);
    const archived = await createCoupon(t, admin.sessionId, { type: 'free_drink', value: null });
    await holder(archived.id);
    await t.request('DELETE', `/api/admin/coupons/${archived.id}`, { token: admin.sessionId });
    const gone = await patch(archived.id, { isActive: true });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Coupon not found');
    const malformed = await patch('nope', { title: 'X' });
    expect(malformed.status).toBe(400);
    expect(issuePaths(malformed)).toEqual(['id']);
  });

  it('is for admins: a member gets 403 and an anonymous caller 401, and nothing changes', async () => {
    const coupon = await createCoupon(t, admin.sessionId);
    const member = await registerMember(t);
    expect((await patch(coupon.id, { title: 'Mine now' }, member.sessionId)).status).toBe(403);
    expect((await t.request('PATCH', `/api/admin/coupons/${coupon.id}`, { body: { title: 'Mine now' } })).status).toBe(401);
    expect((await adminList()).find((c) => c.id === coupon.id)).toMatchObject({ title: 'Happy hour' });
  });

  it("changes the admin list's ETag and the members' offers", async () => {
    const coupon = await createCoupon(t, admin.sessionId, { title: 'Before' });
    await clearOfEtagClockTick();
    const first = await t.request('GET', '/api/admin/coupons', { token: admin.sessionId });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    expect(
      (await t.request('GET', '/api/admin/coupons', { token: admin.sessionId, headers: { 'if-none-match': etag } })).status,
    ).toBe(304);
    expect((await patch(coupon.id, { title: 'After' })).status).toBe(200);
    const after = await waitFor(
      async () => {
        const answer = await t.request('GET', '/api/admin/coupons', {
          token: admin.sessionId,
          headers: { 'if-none-match': etag },
        });
        return answer.status === 200 ? answer : null;
      },
      { timeoutMs: 2000, intervalMs: 25, what: 'the admin list to change' },
    );
    expect((after.body as { id: string; title: string }[]).find((c) => c.id === coupon.id)?.title).toBe('After');
    const member = await registerMember(t);
    expect((await available(member.sessionId)).find((c) => c.id === coupon.id)?.title).toBe('After');
  });
});

describe('an inactive coupon', () => {
  it('leaves Available Coupons and cannot be claimed, saying so; active again, it can', async () => {
    const coupon = await createCoupon(t, admin.sessionId, { type: 'free_drink', value: null });
    const member = await registerMember(t);
    expect((await patch(coupon.id, { isActive: false })).body).toMatchObject({ isActive: false });
    expect((await available(member.sessionId)).map((c) => c.id)).not.toContain(coupon.id);
    const refused = await claim(coupon.id, member.sessionId);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, message: PAUSED });
    expect((await t.sql.query('select count(*)::int as n from user_coupons where coupon_id = $1', [coupon.id])).rows[0].n).toBe(
      0,
    );

    expect((await patch(coupon.id, { isActive: true })).body).toMatchObject({ isActive: true });
    expect((await available(member.sessionId)).map((c) => c.id)).toContain(coupon.id);
    expect((await claim(coupon.id, member.sessionId)).status).toBe(201);
  });

  it("refuses the member's Redeem Now, saying so", async () => {
    const coupon = await createCoupon(t, admin.sessionId, { type: 'free_drink', value: null });
    const { member, held } = await holder(coupon.id);
    await patch(coupon.id, { isActive: false });
    const refused = await t.request('POST', `/api/coupons/redeem/${held.id}`, { token: member.sessionId });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(PAUSED);
    expect((await t.sql.query('select redeemed_at from user_coupons where id = $1', [held.id])).rows[0].redeemed_at).toBeNull();
    await patch(coupon.id, { isActive: true });
    expect((await t.request('POST', `/api/coupons/redeem/${held.id}`, { token: member.sessionId })).status).toBe(200);
  });

  it('is refused at the door in a word: the check says so, redeem answers 409, both logged', async () => {
    const coupon = await createCoupon(t, admin.sessionId, { type: 'free_drink', value: null });
    const { held } = await holder(coupon.id);
    // The claim's answer is the user coupon, with the QR token its code renders.
    const payload = { text: JSON.stringify({ userCouponId: held.id, token: held.qrCode }), method: 'scan' };
    await patch(coupon.id, { isActive: false });

    const validated = await t.request('POST', '/api/door/check', { token: admin.sessionId, body: payload });
    expect(validated.status).toBe(200);
    expect(validated.body).toMatchObject({ kind: 'coupon', ok: false, refusal: 'paused', message: 'Paused' });
    const redeemed = await t.request('POST', '/api/door/redeem', { token: admin.sessionId, body: payload });
    expect(redeemed.status).toBe(409);
    expect(redeemed.body.message).toBe('Paused');
    expect((await t.sql.query('select redeemed_at from user_coupons where id = $1', [held.id])).rows[0].redeemed_at).toBeNull();
    const log = await t.sql.query('select action, result, reason from qr_scans where user_coupon_id = $1 order by id', [held.id]);
    expect(log.rows).toEqual([
      { action: 'validate', result: 'rejected', reason: 'Paused' },
      { action: 'redeem', result: 'rejected', reason: 'Paused' },
    ]);
  });
});

describe('per-coupon figures', () => {
  it('counts claimed, redeemed and remaining (null when unlimited)', async () => {
    const limited = await createCoupon(t, admin.sessionId, { type: 'free_drink', value: null, maxUses: 3 });
    const unlimited = await createCoupon(t, admin.sessionId, { type: 'free_drink', value: null });
    const one = await holder(limited.id);
    await holder(limited.id);
    expect((await t.request('POST', `/api/coupons/redeem/${one.held.id}`, { token: one.member.sessionId })).status).toBe(200);
    await holder(unlimited.id);
    const list = await adminList();
    expect(list.find((c) => c.id === limited.id)).toMatchObject({ claimedCount: 2, redeemedCount: 1, remaining: 1 });
    expect(list.find((c) => c.id === unlimited.id)).toMatchObject({ claimedCount: 1, redeemedCount: 0, remaining: null });
  });
});
