import { registerMember, registerStaff, startTestApp, type TestApp } from '@nocturne/testing';
import { createCoupon } from './support/coupon-fixtures.js';

// Tier benefits (issue #33 point 4) through HTTP: the seeded defaults, a manager's edits, their validation and audit.
let t: TestApp;
let manager: Awaited<ReturnType<typeof registerStaff>>;
let door: Awaited<ReturnType<typeof registerStaff>>;

beforeAll(async () => {
  t = await startTestApp();
  manager = await registerStaff(t, 'manager', 'Morgan');
  door = await registerStaff(t, 'door', 'Sam');
});
afterAll(async () => {
  await t.close();
});

const put = (tier: string, body: unknown, token = manager.sessionId) =>
  t.request('PUT', `/api/admin/tier-benefits/${tier}`, { token, body });

describe('tier benefits', () => {
  it('are seeded bronze to platinum at 1.00×, 1.10×, 1.25× and 1.50×, for managers only', async () => {
    const answer = await t.request('GET', '/api/admin/tier-benefits', { token: manager.sessionId });
    expect(answer.status).toBe(200);
    expect(answer.body.tiers.map((row: { tier: string; multiplier: number; multiplierText: string }) => row)).toMatchObject([
      { tier: 'bronze', multiplier: 100, multiplierText: '×1', monthlyCouponId: null },
      { tier: 'silver', multiplier: 110, multiplierText: '×1.1', monthlyCouponId: null },
      { tier: 'gold', multiplier: 125, multiplierText: '×1.25', monthlyCouponId: null },
      { tier: 'platinum', multiplier: 150, multiplierText: '×1.5', monthlyCouponId: null },
    ]);
    for (const row of answer.body.tiers) expect(row.benefit.length).toBeGreaterThan(10);
    expect((await t.request('GET', '/api/admin/tier-benefits', { token: door.sessionId })).status).toBe(403);
    const member = await registerMember(t);
    expect((await put('gold', { benefit: 'x', multiplier: '2', monthlyCouponId: null }, member.sessionId)).status).toBe(403);
  });

  it('a manager changes a tier: the text, the multiplier as typed and an active monthly coupon, with one audit row', async () => {
    const coupon = await createCoupon(t, manager.sessionId, { title: 'Silver monthly drink' });
    const answer = await put('silver', { benefit: 'A free drink every month', multiplier: '1.2', monthlyCouponId: coupon.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      tier: 'silver',
      benefit: 'A free drink every month',
      multiplier: 120,
      multiplierText: '×1.2',
      monthlyCouponId: coupon.id,
    });
    const listed = (await t.request('GET', '/api/admin/tier-benefits', { token: manager.sessionId })).body.tiers[1];
    expect(listed).toEqual(answer.body);
    const audit = await t.sql.query(
      `select actor_id, action, target_id, before, after from audit_log where action = 'tier.benefits' order by at desc limit 1`,
    );
    expect(audit.rows[0]).toMatchObject({
      actor_id: manager.user.id,
      target_id: 'silver',
      before: { multiplier: 110, multiplierText: '×1.1', monthlyCouponId: null },
      after: { multiplier: 120, multiplierText: '×1.2', monthlyCouponId: coupon.id },
    });
  });

  it('refuses a multiplier outside 1.00–5.00 or with three decimals, an unknown tier, and a missing or inactive coupon', async () => {
    const before = (await t.request('GET', '/api/admin/tier-benefits', { token: manager.sessionId })).body;
    for (const multiplier of ['0.5', '5.01', '1.255', 'two', '', '-1']) {
      const answer = await put('gold', { benefit: 'Gold', multiplier, monthlyCouponId: null });
      expect(answer.status).toBe(400);
      expect(answer.body.issues).toEqual([expect.objectContaining({ path: 'multiplier' })]);
    }
    expect((await put('diamond', { benefit: 'Gold', multiplier: '2', monthlyCouponId: null })).status).toBe(400);
    const missing = await put('gold', {
      benefit: 'Gold',
      multiplier: '2',
      monthlyCouponId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual([expect.objectContaining({ path: 'monthlyCouponId' })]);
    const inactive = await createCoupon(t, manager.sessionId);
    const off = await t.request('PATCH', `/api/admin/coupons/${inactive.id}`, {
      token: manager.sessionId,
      body: { isActive: false },
    });
    expect(off.status).toBe(200);
    expect((await put('gold', { benefit: 'Gold', multiplier: '2', monthlyCouponId: inactive.id })).status).toBe(400);
    expect((await put('gold', { benefit: '   ', multiplier: '2', monthlyCouponId: null })).status).toBe(400);
    expect((await t.request('GET', '/api/admin/tier-benefits', { token: manager.sessionId })).body).toEqual(before);
  });
});
