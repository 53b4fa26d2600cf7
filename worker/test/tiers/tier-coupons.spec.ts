import type { INestApplicationContext } from '@nestjs/common';
import { createRedisConnection, QueueName } from '@nocturne/queues';
import { createCoupon, registerMember, registerStaff, startTestApp, type TestApp, testEnv } from '@nocturne/testing';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { GrantTierCouponsOutcome } from '#tiers/grant-tier-coupons.job.js';
import { startWorker } from '../support/worker-app.js';

/** The worker's clock. */
let now = new Date();

describe("a tier's monthly coupon", () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let maintenance: Queue;
  let events: QueueEvents;
  let manager: Awaited<ReturnType<typeof registerStaff>>;

  beforeAll(async () => {
    const base = await testEnv({ VENUE_TZ: 'Australia/Sydney' });
    t = await startTestApp({}, base);
    worker = await startWorker(base.env, { clock: () => now });
    const connection = {
      connection: createRedisConnection(base.env['REDIS_URL']!, 'producer'),
      prefix: base.env['REDIS_PREFIX'],
    };
    maintenance = new Queue(QueueName.Maintenance, connection);
    events = new QueueEvents(QueueName.Maintenance, {
      connection: createRedisConnection(base.env['REDIS_URL']!, 'worker'),
      prefix: base.env['REDIS_PREFIX'],
    });
    await events.waitUntilReady();
    manager = await registerStaff(t, 'manager', 'Morgan');
  });
  afterAll(async () => {
    await events?.close();
    await maintenance?.close();
    await worker?.close();
    await t?.close();
  });

  async function runAt(instant: string): Promise<GrantTierCouponsOutcome> {
    now = new Date(instant);
    const job = await maintenance.add('maintenance.grant-tier-coupons', {});
    return (await job.waitUntilFinished(events, 30_000)) as GrantTierCouponsOutcome;
  }

  /** A member at Gold: 500 points earned, written as the ledger writes them. */
  async function goldMember() {
    const member = await registerMember(t);
    await t.sql.query(
      `insert into point_transactions (member_id, points, kind, description, source_type, source_id) values ($1, 500, 'adjustment', 'Test', 'test', $2)`,
      [member.user.id, randomUUID()],
    );
    await t.sql.query(
      `update members set current_points = current_points + 500, total_points = total_points + 500, member_tier = 'gold' where id = $1`,
      [member.user.id],
    );
    return member;
  }

  const held = async (memberId: string, couponId: string) =>
    (
      await t.sql.query('select count(*)::int as n from user_coupons where member_id = $1 and coupon_id = $2', [
        memberId,
        couponId,
      ])
    ).rows[0].n as number;

  it('does nothing while no tier has a monthly coupon', async () => {
    expect(await runAt('2026-12-01T01:00:00Z')).toEqual({ state: 'off' });
  });

  it('gives each Gold member the Gold coupon once per venue month, and again the next month', async () => {
    const coupon = await createCoupon(t, manager.sessionId, { title: 'Gold monthly drink' });
    const set = await t.request('PUT', '/api/admin/tier-benefits/gold', {
      token: manager.sessionId,
      body: { benefit: 'Priority entry', multiplier: '1.25', monthlyCouponId: coupon.id },
    });
    expect(set.status).toBe(200);
    const gold = await goldMember();
    const bronze = await registerMember(t);

    // 12:00 on 1 December in Sydney.
    const first = await runAt('2026-12-01T01:00:00Z');
    expect(first).toMatchObject({ state: 'done', month: '2026-12', unavailable: [] });
    expect(first.state === 'done' && first.granted).toBeGreaterThanOrEqual(1);
    expect(await held(gold.user.id, coupon.id)).toBe(1);
    expect(await held(bronze.user.id, coupon.id)).toBe(0);
    // The member's wallet passes show the new coupon: their update is queued, once for the month.
    const wallet = new Queue(QueueName.Wallet, {
      connection: createRedisConnection(t.config.REDIS_URL, 'producer'),
      prefix: t.config.REDIS_PREFIX,
    });
    try {
      expect((await wallet.getJob(`wallet-tier-coupon-${gold.user.id}-2026-12`))?.data).toEqual({ memberId: gold.user.id });
      expect(await wallet.getJob(`wallet-tier-coupon-${bronze.user.id}-2026-12`)).toBeUndefined();
    } finally {
      await wallet.close();
    }

    // A second run the same day and one later in the month give nothing more.
    expect(await runAt('2026-12-01T02:00:00Z')).toMatchObject({ month: '2026-12', granted: 0 });
    expect(await runAt('2026-12-20T01:00:00Z')).toMatchObject({ month: '2026-12', granted: 0 });
    // 02:00 on 1 January in Sydney is still December's club night.
    expect(await runAt('2026-12-31T15:00:00Z')).toMatchObject({ month: '2026-12', granted: 0 });
    expect(await held(gold.user.id, coupon.id)).toBe(1);

    // 12:00 on 1 January: January's coupon.
    expect(await runAt('2027-01-01T01:00:00Z')).toMatchObject({ month: '2027-01' });
    expect(await held(gold.user.id, coupon.id)).toBe(2);
    const grants = await t.sql.query('select month, tier from tier_coupon_grants where member_id = $1 order by month', [
      gold.user.id,
    ]);
    expect(grants.rows).toEqual([
      { month: '2026-12', tier: 'gold' },
      { month: '2027-01', tier: 'gold' },
    ]);
    const claimed = await t.sql.query('select claimed_count from coupons where id = $1', [coupon.id]);
    expect(claimed.rows[0].claimed_count).toBeGreaterThanOrEqual(2);
  });

  it('skips a tier whose coupon has been switched off, and gives nothing for it', async () => {
    const coupon = await createCoupon(t, manager.sessionId, { title: 'Platinum bottle' });
    await t.request('PUT', '/api/admin/tier-benefits/platinum', {
      token: manager.sessionId,
      body: { benefit: 'A guest too', multiplier: '1.5', monthlyCouponId: coupon.id },
    });
    await t.request('PATCH', `/api/admin/coupons/${coupon.id}`, { token: manager.sessionId, body: { isActive: false } });
    const member = await registerMember(t);
    await t.sql.query(`update members set member_tier = 'platinum' where id = $1`, [member.user.id]);
    const outcome = await runAt('2027-02-01T01:00:00Z');
    expect(outcome).toMatchObject({ state: 'done', month: '2027-02', unavailable: ['platinum'] });
    expect(await held(member.user.id, coupon.id)).toBe(0);
    const grants = await t.sql.query('select count(*)::int as n from tier_coupon_grants where member_id = $1', [member.user.id]);
    expect(grants.rows[0].n).toBe(0);
  });
});
