import {
  claimWaitingAtTake,
  couponCode,
  createCoupon,
  expectLedgerClean,
  fund,
  quickMembers,
} from './support/coupon-fixtures.js';
import { registerAdmin, registerMember, startTestApp, type TestApp } from '@nocturne/testing';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await registerAdmin(t)).sessionId;
});
afterAll(async () => {
  await t.close();
});

const claim = (couponId: string, token: string) => t.request('POST', `/api/coupons/${couponId}/claim`, { token });
const redeem = (userCouponId: string, token: string) => t.request('POST', `/api/coupons/redeem/${userCouponId}`, { token });
const available = async (token: string) =>
  (await t.request('GET', '/api/coupons', { token })).body as { id: string; claimable: boolean; reason?: string }[];
const balance = async (memberId: string) =>
  (await t.sql.query('select current_points, total_points from members where id = $1', [memberId])).rows[0] as {
    current_points: number;
    total_points: number;
  };

describe('admin coupons', () => {
  it("creates a coupon with the form's defaults, trimmed, and lists it with its counts", async () => {
    const code = couponCode('HAPPY');
    const answer = await t.request('POST', '/api/admin/coupons', {
      token: adminToken,
      body: { code: `  ${code} `, title: ' Happy hour ', description: ' 10% off ', value: 10, maxUses: null, validUntil: null },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      code,
      title: 'Happy hour',
      description: '10% off',
      type: 'percentage',
      value: 10,
      pointsCost: 0,
      requiredTier: 'bronze',
      maxUses: null,
      perMemberLimit: 1,
      validUntil: null,
      isActive: true,
      archivedAt: null,
      claimedCount: 0,
      redeemedCount: 0,
      remaining: null,
      createdAt: expect.stringMatching(/Z$/),
    });
    const list = await t.request('GET', '/api/admin/coupons', { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.body.find((c: { id: string }) => c.id === answer.body.id)).toEqual(answer.body);
  });

  it('stores validUntil as the exact instant sent', async () => {
    const validUntil = new Date(Date.now() + 86_400_000).toISOString().replace('Z', '+00:00');
    const coupon = await createCoupon(t, adminToken, { type: 'free_drink', value: null, validUntil });
    expect((coupon as unknown as { validUntil: string }).validUntil).toBe(new Date(validUntil).toISOString());
  });

  it('refuses a code already in use, whatever its case, with 409', async () => {
    const { code } = await createCoupon(t, adminToken);
    const again = await t.request('POST', '/api/admin/coupons', {
      token: adminToken,
      body: { code: code.toLowerCase(), title: 'T', description: 'D', value: 5 },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`A coupon with the code ${code.toLowerCase()} already exists`);
  });

  it.each([
    ['missing required fields', {}, ['code', 'title', 'description']],
    ['a percentage coupon without a value', { code: 'X0', title: 'T', description: 'D' }, ['value']],
    ['blank text', { code: '  ', title: ' ', description: '', value: 10 }, ['code', 'title', 'description']],
    ['a percentage over 100', { code: 'X1', title: 'T', description: 'D', value: 150 }, ['value']],
    [
      'a fixed amount without a value',
      { code: 'X2', title: 'T', description: 'D', type: 'fixed_amount', value: null },
      ['value'],
    ],
    [
      'an unknown type and tier',
      { code: 'X3', title: 'T', description: 'D', type: 'bogus', requiredTier: 'diamond' },
      ['type', 'requiredTier'],
    ],
    [
      'negative or fractional numbers',
      { code: 'X4', title: 'T', description: 'D', type: 'free_drink', pointsCost: -1, maxUses: 2.5, perMemberLimit: 0 },
      ['pointsCost', 'maxUses', 'perMemberLimit'],
    ],
    [
      'a validUntil that is not an ISO instant',
      { code: 'X5', title: 'T', description: 'D', value: 5, validUntil: 'next friday' },
      ['validUntil'],
    ],
    [
      'a validUntil in the past',
      { code: 'X6', title: 'T', description: 'D', value: 5, validUntil: '2020-01-01T00:00:00Z' },
      ['validUntil'],
    ],
  ])('answers 400 naming each field for %s', async (_, body, fields) => {
    const answer = await t.request('POST', '/api/admin/coupons', { token: adminToken, body });
    expect(answer.status).toBe(400);
    expect(answer.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([...fields].sort());
  });

  it('deletes a coupon nobody holds', async () => {
    const coupon = await createCoupon(t, adminToken);
    const answer = await t.request('DELETE', `/api/admin/coupons/${coupon.id}`, { token: adminToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: coupon.id, archivedAt: null });
    expect((await t.sql.query('select id from coupons where id = $1', [coupon.id])).rows).toEqual([]);
    expect((await t.request('DELETE', `/api/admin/coupons/${coupon.id}`, { token: adminToken })).status).toBe(404);
  });

  it('archives a coupon members hold: gone from the lists, still in their coupons, code free again', async () => {
    const coupon = await createCoupon(t, adminToken, { type: 'free_drink', value: null });
    const member = await registerMember(t);
    const held = await claim(coupon.id, member.sessionId);
    const answer = await t.request('DELETE', `/api/admin/coupons/${coupon.id}`, { token: adminToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: coupon.id,
      isActive: false,
      archivedAt: expect.stringMatching(/Z$/),
      claimedCount: 1,
    });
    const adminList = (await t.request('GET', '/api/admin/coupons', { token: adminToken })).body as { id: string }[];
    expect(adminList.map((c) => c.id)).not.toContain(coupon.id);
    const withArchived = (await t.request('GET', '/api/admin/coupons?includeArchived=true', { token: adminToken })).body as {
      id: string;
    }[];
    expect(withArchived.map((c) => c.id)).toContain(coupon.id);
    expect((await available(member.sessionId)).map((c) => c.id)).not.toContain(coupon.id);
    const mine = (await t.request('GET', '/api/coupons/my', { token: member.sessionId })).body.coupons;
    expect(mine[0]).toMatchObject({ id: held.body.id, coupon: { id: coupon.id, isActive: false } });
    const other = await registerMember(t);
    const late = await claim(coupon.id, other.sessionId);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This coupon is no longer available');
    expect((await t.request('DELETE', `/api/admin/coupons/${coupon.id}`, { token: adminToken })).status).toBe(404);
    await createCoupon(t, adminToken, { code: coupon.code });
  });

  it('answers 404 for an unknown coupon and 400 for a malformed id', async () => {
    expect(
      (await t.request('DELETE', '/api/admin/coupons/00000000-0000-4000-8000-000000000000', { token: adminToken })).status,
    ).toBe(404);
    const bad = await t.request('DELETE', '/api/admin/coupons/nope', { token: adminToken });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path)).toEqual(['id']);
  });
});

describe('route guards', () => {
  it('keeps admin routes from members (403) and every route from anonymous callers (401)', async () => {
    const member = await registerMember(t);
    for (const [method, path] of [
      ['GET', '/api/admin/coupons'],
      ['POST', '/api/admin/coupons'],
      ['DELETE', '/api/admin/coupons/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/admin/scans'],
      ['POST', '/api/door/check'],
      ['POST', '/api/door/redeem'],
    ] as const) {
      expect({
        path,
        status: (await t.request(method, path, { token: member.sessionId, body: method === 'GET' ? undefined : {} })).status,
      }).toEqual({ path, status: 403 });
      expect({ path, status: (await t.request(method, path, { body: method === 'GET' ? undefined : {} })).status }).toEqual({
        path,
        status: 401,
      });
    }
    for (const [method, path] of [
      ['GET', '/api/coupons'],
      ['GET', '/api/coupons/my'],
      ['POST', '/api/coupons/00000000-0000-4000-8000-000000000000/claim'],
      ['POST', '/api/coupons/redeem/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      expect({ path, status: (await t.request(method, path)).status }).toEqual({ path, status: 401 });
    }
  });
});

describe('GET /api/coupons', () => {
  it('lists live coupons with claimable and a reason when not', async () => {
    const member = await registerMember(t); // 20 welcome points, bronze
    const free = await createCoupon(t, adminToken, { type: 'free_drink', value: null, title: 'Free drink' });
    const pricey = await createCoupon(t, adminToken, { pointsCost: 50 });
    const gold = await createCoupon(t, adminToken, { type: 'vip_upgrade', value: null, requiredTier: 'gold' });
    const expired = await createCoupon(t, adminToken);
    await t.sql.query("update coupons set valid_until = now() - interval '1 minute' where id = $1", [expired.id]);
    const inactive = await createCoupon(t, adminToken);
    await t.sql.query('update coupons set is_active = false where id = $1', [inactive.id]);
    const usedUp = await createCoupon(t, adminToken, { maxUses: 1 });
    expect((await claim(usedUp.id, (await registerMember(t)).sessionId)).status).toBe(201);

    const before = await available(member.sessionId);
    const ids = before.map((c) => c.id);
    for (const hidden of [expired.id, inactive.id, usedUp.id]) expect(ids).not.toContain(hidden);
    const byId = new Map(before.map((c) => [c.id, c]));
    expect(byId.get(free.id)).toMatchObject({ claimable: true, title: 'Free drink', type: 'free_drink', pointsCost: 0 });
    expect(byId.get(free.id)).not.toHaveProperty('reason');
    expect(byId.get(pricey.id)).toMatchObject({ claimable: false, reason: 'Not enough points' });
    expect(byId.get(gold.id)).toMatchObject({ claimable: false, reason: 'Requires Gold tier' });

    expect((await claim(free.id, member.sessionId)).status).toBe(201);
    expect((await available(member.sessionId)).find((c) => c.id === free.id)).toMatchObject({
      claimable: false,
      reason: 'Already claimed',
    });
  });
});

describe('POST /api/coupons/{id}/claim', () => {
  it('answers the new user coupon, raises CouponClaimed and debits the cost in the ledger', async () => {
    const member = await registerMember(t);
    await fund(t, member.user.id, 40); // 60 in all
    const coupon = await createCoupon(t, adminToken, { title: '10% off', pointsCost: 50 });
    const answer = await claim(coupon.id, member.sessionId);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      couponId: coupon.id,
      claimedAt: expect.stringMatching(/Z$/),
      redeemedAt: null,
      validatedAt: null,
      redeemedBy: null,
      qrCode: expect.stringMatching(/^[\w-]{43}$/),
      shortCode: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{3}$/),
      coupon: expect.objectContaining({ id: coupon.id, code: coupon.code, title: '10% off', pointsCost: 50 }),
    });
    // Stored with the claim, so it can be typed at the door at once.
    const stored = await t.sql.query('select short_code from user_coupons where id = $1', [answer.body.id]);
    expect(stored.rows[0].short_code).toBe(answer.body.shortCode.replaceAll('-', ''));
    const rows = await t.sql.query(
      'select points, kind, description, source_id from point_transactions where member_id = $1 and kind = $2',
      [member.user.id, 'coupon_claim'],
    );
    expect(rows.rows).toEqual([
      { points: -50, kind: 'coupon_claim', description: 'Claimed: 10% off', source_id: answer.body.id },
    ]);
    expect(await balance(member.user.id)).toEqual({ current_points: 10, total_points: 60 });
    const events = await t.sql.query('select type, payload from outbox where aggregate_id = $1', [answer.body.id]);
    expect(events.rows).toEqual([
      {
        type: 'CouponClaimed',
        payload: {
          userCouponId: answer.body.id,
          memberId: member.user.id,
          couponId: coupon.id,
          pointsCost: 50,
          title: '10% off',
        },
      },
    ]);
    const counted = await t.request('GET', '/api/admin/coupons', { token: adminToken });
    expect(counted.body.find((c: { id: string }) => c.id === coupon.id)).toMatchObject({ claimedCount: 1, redeemedCount: 0 });
    await expectLedgerClean(t);
  });

  it('claims a free coupon without touching the ledger', async () => {
    const member = await registerMember(t);
    const coupon = await createCoupon(t, adminToken, { type: 'free_drink', value: null });
    expect((await claim(coupon.id, member.sessionId)).status).toBe(201);
    expect(await balance(member.user.id)).toEqual({ current_points: 20, total_points: 20 });
    const rows = await t.sql.query('select kind from point_transactions where member_id = $1', [member.user.id]);
    expect(rows.rows).toEqual([{ kind: 'welcome_bonus' }]);
  });

  it('answers each refusal with the message the SPA shows, and changes nothing', async () => {
    const member = await registerMember(t);
    const pricey = await createCoupon(t, adminToken, { pointsCost: 21 });
    const gold = await createCoupon(t, adminToken, { requiredTier: 'gold' });
    const expired = await createCoupon(t, adminToken);
    await t.sql.query("update coupons set valid_until = now() - interval '1 second' where id = $1", [expired.id]);
    const inactive = await createCoupon(t, adminToken);
    await t.sql.query('update coupons set is_active = false where id = $1', [inactive.id]);
    const once = await createCoupon(t, adminToken);
    expect((await claim(once.id, member.sessionId)).status).toBe(201);
    const single = await createCoupon(t, adminToken, { maxUses: 1, perMemberLimit: 5 });
    expect((await claim(single.id, (await registerMember(t)).sessionId)).status).toBe(201);

    const expectations: [string, number, string][] = [
      [pricey.id, 409, 'Not enough points'],
      [gold.id, 403, 'This coupon requires Gold tier'],
      [expired.id, 409, 'This coupon has expired'],
      [inactive.id, 409, 'This coupon has been paused by the venue and cannot be used right now'],
      [once.id, 409, 'You have already claimed this coupon'],
      [single.id, 409, 'This coupon has been fully claimed'],
      ['00000000-0000-4000-8000-000000000000', 404, 'Coupon not found'],
    ];
    for (const [id, status, message] of expectations) {
      const answer = await claim(id, member.sessionId);
      expect({ id, status: answer.status, message: answer.body.message, success: answer.body.success }).toEqual({
        id,
        status,
        message,
        success: false,
      });
    }
    expect(await balance(member.user.id)).toEqual({ current_points: 20, total_points: 20 });
    expect(
      (await t.sql.query('select count(*)::int as n from user_coupons where member_id = $1', [member.user.id])).rows[0].n,
    ).toBe(1);
    const malformed = await claim('nope', member.sessionId);
    expect(malformed.status).toBe(400);
  });

  it("uses the member's tier at claim time", async () => {
    const member = await registerMember(t);
    const gold = await createCoupon(t, adminToken, { type: 'vip_upgrade', value: null, requiredTier: 'gold' });
    expect((await claim(gold.id, member.sessionId)).status).toBe(403);
    await fund(t, member.user.id, 480); // 500 earned: gold
    expect((await claim(gold.id, member.sessionId)).status).toBe(201);
  });

  it('allows as many claims as perMemberLimit', async () => {
    const member = await registerMember(t);
    const coupon = await createCoupon(t, adminToken, { perMemberLimit: 2 });
    expect((await claim(coupon.id, member.sessionId)).status).toBe(201);
    expect((await claim(coupon.id, member.sessionId)).status).toBe(201);
    expect((await claim(coupon.id, member.sessionId)).body.message).toBe('You have already claimed this coupon');
  });
});

describe('GET /api/coupons/my', () => {
  it("answers only the member's own coupons, newest first, each with its coupon", async () => {
    const member = await registerMember(t);
    const first = await createCoupon(t, adminToken, { title: 'First' });
    const second = await createCoupon(t, adminToken, { title: 'Second' });
    await claim(first.id, member.sessionId);
    await claim(second.id, member.sessionId);
    await claim(first.id, (await registerMember(t)).sessionId);
    const answer = await t.request('GET', '/api/coupons/my', { token: member.sessionId });
    expect(answer.status).toBe(200);
    expect(answer.body.nextCursor).toBeNull();
    expect(answer.body.coupons.map((uc: { coupon: { title: string } }) => uc.coupon.title)).toEqual(['Second', 'First']);
    expect(answer.body.coupons[0]).toMatchObject({ couponId: second.id, redeemedAt: null, qrCode: expect.any(String) });
  });

  type Page = { coupons: { id: string; redeemedAt: string | null }[]; nextCursor: string | null };
  const page = (token: string, query: Record<string, string>) =>
    t.request<Page>('GET', `/api/coupons/my?${new URLSearchParams(query)}`, { token });

  it('pages held coupons first, then redeemed ones, each exactly once, while the member keeps claiming', async () => {
    const member = await registerMember(t);
    await fund(t, member.user.id, 1000);
    const coupon = await createCoupon(t, adminToken, { title: 'Often claimed', pointsCost: 0 });
    // 130 earlier claims, three to an instant (ties broken by id): every fourth one redeemed.
    await t.sql.query(
      `insert into user_coupons (member_id, coupon_id, claimed_at, redeemed_at, redeemed_by)
       select $1, $2, timestamptz '2026-11-01 20:00:00.123456Z' + (i / 3) * interval '1 microsecond',
              case when i % 4 = 0 then timestamptz '2026-11-02 01:00:00Z' end, case when i % 4 = 0 then 'member' end
       from generate_series(1, 130) as i`,
      [member.user.id, coupon.id],
    );
    const before = await t.sql.query<{ id: string }>(
      'select id from user_coupons where member_id = $1 order by (redeemed_at is null) desc, claimed_at desc, id desc',
      [member.user.id],
    );
    const fresh = [await createCoupon(t, adminToken, { pointsCost: 0 }), await createCoupon(t, adminToken, { pointsCost: 0 })];
    const seen: Page['coupons'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string> = cursor ? { limit: '37', cursor } : { limit: '37' };
      // New claims sort before every earlier one: a walk already under way neither repeats nor skips for them.
      const claiming = pages === 1 || pages === 2 ? fresh[pages - 1]! : null;
      const [answer, claimed] = await Promise.all([
        page(member.sessionId, query),
        claiming ? claim(claiming.id, member.sessionId) : null,
      ]);
      if (claimed) expect(claimed.status).toBe(201);
      expect(answer.status).toBe(200);
      expect(answer.body.coupons.length).toBeLessThanOrEqual(37);
      seen.push(...answer.body.coupons);
      cursor = answer.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(cursor).toBeNull();
    const ids = seen.map((uc) => uc.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => before.rows.some((row) => row.id === id))).toEqual(before.rows.map((row) => row.id));
    const firstRedeemed = seen.findIndex((uc) => uc.redeemedAt !== null);
    expect(firstRedeemed).toBeGreaterThan(0);
    expect(seen.slice(firstRedeemed).every((uc) => uc.redeemedAt !== null)).toBe(true);
  }, 120_000);

  it('answers 50 by default and refuses a limit over 100 or a forged cursor with a 400 naming it', async () => {
    const member = await registerMember(t);
    const coupon = await createCoupon(t, adminToken, { pointsCost: 0 });
    await t.sql.query('insert into user_coupons (member_id, coupon_id) select $1, $2 from generate_series(1, 60)', [
      member.user.id,
      coupon.id,
    ]);
    const first = await page(member.sessionId, {});
    expect(first.body.coupons).toHaveLength(50);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const rest = await page(member.sessionId, { cursor: first.body.nextCursor! });
    expect(rest.body).toMatchObject({ nextCursor: null });
    expect(rest.body.coupons).toHaveLength(10);
    for (const limit of ['100000', '101', '0']) {
      const refused = await page(member.sessionId, { limit });
      expect({ limit, status: refused.status }).toEqual({ limit, status: 400 });
      expect(refused.body).toMatchObject({ issues: [{ path: 'limit', message: 'must be between 1 and 100' }] });
    }
    const forged = await page(member.sessionId, { cursor: 'bm90LWEtY3Vyc29y' });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ issues: [{ path: 'cursor', message: 'is not a cursor from a previous page' }] });
  });
});

describe('POST /api/coupons/redeem/{userCouponId}', () => {
  it('redeems once for its owner; a second attempt gets 409', async () => {
    const member = await registerMember(t);
    const coupon = await createCoupon(t, adminToken);
    const held = (await claim(coupon.id, member.sessionId)).body;
    const first = await redeem(held.id, member.sessionId);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: held.id,
      redeemedAt: expect.stringMatching(/Z$/),
      redeemedBy: 'member',
      validatedAt: null,
    });
    const second = await redeem(held.id, member.sessionId);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ success: false, message: 'This coupon has already been redeemed' });
    const events = await t.sql.query('select type, payload from outbox where aggregate_id = $1 order by id', [held.id]);
    expect(events.rows.map((r) => r.type)).toEqual(['CouponClaimed', 'CouponRedeemed']);
    expect(events.rows[1].payload).toEqual({ userCouponId: held.id, memberId: member.user.id, by: 'member' });
  });

  it("answers 404 for another member's coupon and leaves it untouched", async () => {
    const owner = await registerMember(t);
    const coupon = await createCoupon(t, adminToken);
    const held = (await claim(coupon.id, owner.sessionId)).body;
    const intruder = await registerMember(t);
    const answer = await redeem(held.id, intruder.sessionId);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Coupon not found');
    expect((await t.sql.query('select redeemed_at from user_coupons where id = $1', [held.id])).rows[0].redeemed_at).toBeNull();
  });

  it('refuses an expired or archived coupon', async () => {
    const member = await registerMember(t);
    const coupon = await createCoupon(t, adminToken);
    const held = (await claim(coupon.id, member.sessionId)).body;
    await t.sql.query("update coupons set valid_until = now() - interval '1 second' where id = $1", [coupon.id]);
    const expired = await redeem(held.id, member.sessionId);
    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe('This coupon has expired');
    await t.sql.query('update coupons set valid_until = null, archived_at = now() where id = $1', [coupon.id]);
    expect((await redeem(held.id, member.sessionId)).body.message).toBe('This coupon is no longer available');
  });
});

describe('under concurrency', () => {
  it('200 members claiming a maxUses 20 coupon at once: exactly 20 claims and 20 debits', async () => {
    const crowd = await quickMembers(t, 200, 15);
    const coupon = await createCoupon(t, adminToken, { maxUses: 20, pointsCost: 10, title: 'Door prize' });
    const answers = await Promise.all(crowd.map((m) => claim(coupon.id, m.token)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(180);
    for (const answer of refused)
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 409,
        message: 'This coupon has been fully claimed',
      });
    const counts = await t.sql.query(
      `select (select claimed_count from coupons where id = $1) as claimed_count,
              (select count(*)::int from user_coupons where coupon_id = $1) as user_coupons,
              (select count(*)::int from point_transactions where kind = 'coupon_claim' and description = 'Claimed: Door prize') as debits`,
      [coupon.id],
    );
    expect(counts.rows[0]).toEqual({ claimed_count: 20, user_coupons: 20, debits: 20 });
    // Claims that lost the last uses had written and paid before their take: all of it rolled back.
    const events = await t.sql.query(
      "select count(*)::int as n from outbox where type = 'CouponClaimed' and payload->>'couponId' = $1",
      [coupon.id],
    );
    expect(events.rows[0].n).toBe(20);
    await expectLedgerClean(t);
  }, 180_000);

  it("takes the coupon's row last, and a claim that finds it repriced there pays the new price, once", async () => {
    const [member] = await quickMembers(t, 1, 100);
    const coupon = await createCoupon(t, adminToken, { pointsCost: 10, title: 'Repriced at the bar' });
    // Staff hold the coupon's row as an edit does (an update's lock, which still lets a claim's
    // user coupon point at the coupon), while the claim runs.
    const staff = await t.sql.connect();
    let answer: ReturnType<typeof claim> | undefined;
    try {
      await staff.query('begin');
      await staff.query('select id from coupons where id = $1 for no key update', [coupon.id]);
      answer = claim(coupon.id, member!.token);
      // The claim checks, writes its user coupon, pays 10 and writes its outbox row before it
      // waits: on the coupon's row, as its last statement.
      const claimant = await claimWaitingAtTake(t);
      const written = await t.sql.query(
        `select array_agg(relation::regclass::text order by relation::regclass::text) as tables from pg_locks
          where pid = $1 and locktype = 'relation' and mode = 'RowExclusiveLock'
            and relation::regclass::text in ('user_coupons', 'point_transactions', 'outbox', 'members')`,
        [claimant],
      );
      expect(written.rows[0].tables).toEqual(['members', 'outbox', 'point_transactions', 'user_coupons']);
      await staff.query('update coupons set points_cost = 30 where id = $1', [coupon.id]);
      await staff.query('commit');
    } finally {
      staff.release();
    }
    const claimed = await answer!;
    expect(claimed.status).toBe(201);
    expect(await balance(member!.id)).toEqual({ current_points: 70, total_points: 100 });
    const rows = await t.sql.query(
      `select (select claimed_count from coupons where id = $1) as claimed_count,
              (select count(*)::int from user_coupons where coupon_id = $1) as user_coupons,
              (select array_agg(points) from point_transactions where member_id = $2 and kind = 'coupon_claim') as debits`,
      [coupon.id, member!.id],
    );
    expect(rows.rows[0]).toEqual({ claimed_count: 1, user_coupons: 1, debits: [-30] });
    await expectLedgerClean(t);
  }, 60_000);

  it('a claim that finds the coupon repriced past its balance at the take is told so, and keeps nothing', async () => {
    const [member] = await quickMembers(t, 1, 20);
    const coupon = await createCoupon(t, adminToken, { pointsCost: 10, title: 'Repriced past a balance' });
    const staff = await t.sql.connect();
    let answer: ReturnType<typeof claim> | undefined;
    try {
      await staff.query('begin');
      await staff.query('update coupons set points_cost = 30 where id = $1', [coupon.id]);
      answer = claim(coupon.id, member!.token);
      await claimWaitingAtTake(t);
      await staff.query('commit');
    } finally {
      staff.release();
    }
    const refused = await answer!;
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 409, message: 'Not enough points' });
    expect(await balance(member!.id)).toEqual({ current_points: 20, total_points: 20 });
    const rows = await t.sql.query(
      `select (select claimed_count from coupons where id = $1) as claimed_count,
              (select count(*)::int from user_coupons where coupon_id = $1) as user_coupons,
              (select count(*)::int from outbox where type = 'CouponClaimed' and payload->>'couponId' = $1::text) as events`,
      [coupon.id],
    );
    expect(rows.rows[0]).toEqual({ claimed_count: 0, user_coupons: 0, events: 0 });
    await expectLedgerClean(t);
  }, 60_000);

  it('one member firing 20 parallel claims on a perMemberLimit 1 coupon: exactly one', async () => {
    const [member] = await quickMembers(t, 1, 100);
    const coupon = await createCoupon(t, adminToken, { pointsCost: 30, perMemberLimit: 1 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(coupon.id, member!.token)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201))
      expect(answer.body.message).toBe('You have already claimed this coupon');
    expect(await balance(member!.id)).toEqual({ current_points: 70, total_points: 100 });
    const debits = await t.sql.query(
      "select count(*)::int as n from point_transactions where member_id = $1 and kind = 'coupon_claim'",
      [member!.id],
    );
    expect(debits.rows[0].n).toBe(1);
    await expectLedgerClean(t);
  }, 180_000);

  it('parallel claims never spend a balance below zero', async () => {
    const [member] = await quickMembers(t, 1, 25);
    const coupons = await Promise.all(Array.from({ length: 10 }, () => createCoupon(t, adminToken, { pointsCost: 10 })));
    const answers = await Promise.all(coupons.map((c) => claim(c.id, member!.token)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    for (const answer of answers.filter((a) => a.status !== 201)) expect(answer.body.message).toBe('Not enough points');
    expect(await balance(member!.id)).toEqual({ current_points: 5, total_points: 25 });
    await expectLedgerClean(t);
  }, 180_000);

  it('50 staff redeems and 50 member redeems of one user coupon: exactly one succeeds', async () => {
    const member = await registerMember(t);
    const coupon = await createCoupon(t, adminToken, { pointsCost: 5 });
    const held = (await claim(coupon.id, member.sessionId)).body as { id: string; qrCode: string };
    const staff = Array.from({ length: 50 }, () =>
      t.request('POST', '/api/door/redeem', {
        token: adminToken,
        body: { text: JSON.stringify({ userCouponId: held.id, token: held.qrCode }), method: 'scan' },
      }),
    );
    const own = Array.from({ length: 50 }, () => redeem(held.id, member.sessionId));
    const answers = await Promise.all(staff.flatMap((s, i) => [s, own[i]!]));
    const successes = answers.filter((a) => a.status === 200);
    expect(successes).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(409);
      // Redeem Now's words to the member, or the door's to staff ("Already used at 23:41 (the member)").
      expect(answer.body.message).toMatch(
        /^(This coupon has already been redeemed|Already used at \d{2}:\d{2} \((Alex|the member)\))$/,
      );
    }
    const row = (await t.sql.query('select redeemed_by, redeemed_at from user_coupons where id = $1', [held.id])).rows[0];
    expect(row.redeemed_at).not.toBeNull();
    const redeemedEvents = await t.sql.query(
      "select count(*)::int as n from outbox where type = 'CouponRedeemed' and aggregate_id = $1",
      [held.id],
    );
    expect(redeemedEvents.rows[0].n).toBe(1);
    const counted = await t.sql.query('select redeemed_count from coupons where id = $1', [coupon.id]);
    expect(counted.rows[0].redeemed_count).toBe(1);
    const scans = await t.sql.query('select result, count(*)::int as n from qr_scans where user_coupon_id = $1 group by result', [
      held.id,
    ]);
    const accepted = scans.rows.find((r) => r.result === 'accepted')?.n ?? 0;
    expect(accepted).toBe(row.redeemed_by === 'staff' ? 1 : 0);
    expect(scans.rows.reduce((sum, r) => sum + r.n, 0)).toBe(50);
    await expectLedgerClean(t);
  }, 180_000);
});
