import { clubNightOf } from '@nocturne/domain';
import { registerMember, registerStaff, runLedgerVerify, startTestApp, type TestApp } from '@nocturne/testing';
import { createCoupon, fund } from './support/coupon-fixtures.js';
import { createPost } from './support/news-fixtures.js';

// Tier benefits through HTTP: the seeded defaults, a manager's edits, their validation and audit.
let t: TestApp;
let manager: Awaited<ReturnType<typeof registerStaff>>;
let door: Awaited<ReturnType<typeof registerStaff>>;

beforeAll(async () => {
  t = await startTestApp({ POINTS_PER_COMMENT: '5', POINTS_PER_VISIT: '20' });
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
      guestListPlusOnes: 1,
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

type Member = Awaited<ReturnType<typeof registerMember>>;

/** A member at Gold (500 points earned, a staff adjustment that counts toward the tier). */
const goldMember = async (): Promise<Member> => {
  const member = await registerMember(t);
  await fund(t, member.user.id, 500);
  const row = await t.sql.query('select member_tier from members where id = $1', [member.user.id]);
  expect(row.rows[0].member_tier).toBe('gold');
  return member;
};
const comment = async (member: Member, postId: string) => {
  const answer = await t.request('POST', `/api/news/${postId}/comments`, {
    token: member.sessionId,
    body: { content: 'See you there' },
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; pointsAwarded: number; currentPoints: number };
};
const entries = async (member: Member, kind: string) =>
  (
    await t.sql.query(
      `select points, base_points, tier_multiplier, promotion_multiplier, promotion_id from point_transactions
       where member_id = $1 and kind = $2 order by created_at`,
      [member.user.id, kind],
    )
  ).rows;
const balanceOf = async (member: Member) =>
  (await t.sql.query('select current_points, total_points from members where id = $1', [member.user.id])).rows[0] as {
    current_points: number;
    total_points: number;
  };
const tonight = () => clubNightOf(new Date(), t.config.VENUE_TZ);
const shiftDays = (date: string, days: number) => {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};
/** A promotion row as the promotions table holds it (the manager's screen writes the same). */
const schedule = async (promotion: { name: string; multiplier: number; startsOn: string; endsOn: string; weekdays?: number[] }) =>
  (
    await t.sql.query(
      'insert into promotions (name, multiplier, starts_on, ends_on, weekdays) values ($1, $2, $3, $4, $5) returning id',
      [promotion.name, promotion.multiplier, promotion.startsOn, promotion.endsOn, promotion.weekdays ?? null],
    )
  ).rows[0].id as string;
/** Ends every promotion: one that paid stays (ledger rows name it), moved into the past. */
const clearPromotions = async () => {
  await t.sql.query(
    'delete from promotions where id not in (select promotion_id from point_transactions where promotion_id is not null)',
  );
  await t.sql.query("update promotions set starts_on = '2000-01-01', ends_on = '2000-01-01'");
};

describe('earning multipliers on the ledger', () => {
  afterEach(clearPromotions);

  it("pays a Gold member's comment 6 for a base of 5 (5 × 1.25 = 6.25), and records the base and the multiplier", async () => {
    const post = await createPost(t, manager.sessionId);
    const gold = await goldMember();
    const before = await balanceOf(gold);
    const answer = await comment(gold, post.id);
    expect(answer.pointsAwarded).toBe(6);
    expect(answer.currentPoints).toBe(before.current_points + 6);
    expect(await entries(gold, 'comment_reward')).toEqual([
      { points: 6, base_points: 5, tier_multiplier: 125, promotion_multiplier: 100, promotion_id: null },
    ]);
    const bronze = await registerMember(t);
    expect((await comment(bronze, post.id)).pointsAwarded).toBe(5);
  });

  it('pays 13 under a x2 promotion tonight (5 × 1.25 × 2 = 12.5, rounded once), names the promotion, and a removal takes back 13', async () => {
    const post = await createPost(t, manager.sessionId);
    const promotionId = await schedule({ name: 'Double points', multiplier: 200, startsOn: tonight(), endsOn: tonight() });
    const gold = await goldMember();
    const before = await balanceOf(gold);
    const posted = await comment(gold, post.id);
    expect(posted.pointsAwarded).toBe(13);
    expect(await entries(gold, 'comment_reward')).toEqual([
      { points: 13, base_points: 5, tier_multiplier: 125, promotion_multiplier: 200, promotion_id: promotionId },
    ]);
    const history = (await t.request('GET', '/api/points/history', { token: gold.sessionId })).body;
    expect(history[0]).toMatchObject({ points: 13, multiplier: '5 pts ×1.25 tier ×2 promotion' });
    expect(history.find((entry: { points: number }) => entry.points === 500)).toMatchObject({ multiplier: null });
    const removed = await t.request('DELETE', `/api/admin/comments/${posted.id}`, { token: manager.sessionId });
    expect(removed.status).toBe(200);
    expect(removed.body.pointsReversed).toBe(13);
    expect(await entries(gold, 'reversal')).toEqual([
      { points: -13, base_points: -13, tier_multiplier: 100, promotion_multiplier: 100, promotion_id: null },
    ]);
    expect(await balanceOf(gold)).toEqual(before);
    expect(await runLedgerVerify(t)).toMatch(/^Ledger verified: \d+ members match their point transactions\. Every row pays/m);
  });

  it('applies no promotion outside its dates or on nights of other weekdays, and the highest of two running ones', async () => {
    const post = await createPost(t, manager.sessionId);
    await schedule({ name: 'Last week', multiplier: 300, startsOn: shiftDays(tonight(), -7), endsOn: shiftDays(tonight(), -1) });
    await schedule({ name: 'Next week', multiplier: 300, startsOn: shiftDays(tonight(), 1), endsOn: shiftDays(tonight(), 7) });
    const otherDays = [0, 1, 2, 3, 4, 5, 6].filter((day) => day !== new Date(`${tonight()}T12:00:00Z`).getUTCDay());
    await schedule({
      name: 'Other weekdays',
      multiplier: 400,
      startsOn: shiftDays(tonight(), -7),
      endsOn: shiftDays(tonight(), 7),
      weekdays: otherDays,
    });
    const member = await registerMember(t);
    expect((await comment(member, post.id)).pointsAwarded).toBe(5);
    const low = await schedule({ name: 'A bit more', multiplier: 150, startsOn: tonight(), endsOn: tonight() });
    const high = await schedule({ name: 'Triple', multiplier: 300, startsOn: shiftDays(tonight(), -1), endsOn: tonight() });
    expect((await comment(member, post.id)).pointsAwarded).toBe(15);
    const rows = await entries(member, 'comment_reward');
    expect(rows.map((row) => row.promotion_id)).toEqual([null, high]);
    expect(low).not.toBe(high);
  });

  it("multiplies a visit's points by the tier: 20 at the door pay a Gold member 25", async () => {
    const gold = await goldMember();
    const card = (await t.request('GET', '/api/auth/me/card', { token: gold.sessionId })).body;
    const scan = await t.request('POST', '/api/door/check', {
      token: door.sessionId,
      body: { text: card.qrPayload, method: 'scan' },
    });
    expect(scan.body).toMatchObject({ kind: 'card', ok: true });
    expect(await entries(gold, 'visit')).toEqual([
      { points: 25, base_points: 20, tier_multiplier: 125, promotion_multiplier: 100, promotion_id: null },
    ]);
  });

  it('refuses, in the database, a multiplied row whose points are not what its base earns', async () => {
    const member = await registerMember(t);
    await expect(
      t.sql.query(
        `insert into point_transactions (member_id, points, kind, description, source_type, source_id, base_points, tier_multiplier)
         values ($1, 7, 'comment_reward', 'x', 'test', 'x', 5, 125)`,
        [member.user.id],
      ),
    ).rejects.toThrow(/point_transactions_earning_check/);
  });
});

describe('promotions', () => {
  afterEach(clearPromotions);
  const create = (body: Record<string, unknown>, token = manager.sessionId) =>
    t.request('POST', '/api/admin/promotions', { token, body });
  const valid = () => ({ name: 'Double points', multiplier: '2', startsOn: tonight(), endsOn: tonight(), weekdays: null });

  it("a manager schedules tonight's x2: listed as applying, members see the badge and the comment button's multiplied points", async () => {
    const created = await create(valid());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Double points',
      multiplier: 200,
      multiplierText: '×2',
      startsOn: tonight(),
      endsOn: tonight(),
      weekdays: null,
      appliesTonight: true,
      hasPaid: false,
    });
    const audit = await t.sql.query(
      `select actor_id, target_id from audit_log where action = 'promotion.create' order by at desc limit 1`,
    );
    expect(audit.rows[0]).toEqual({ actor_id: manager.user.id, target_id: created.body.id });
    const gold = await goldMember();
    expect((await t.request('GET', '/api/promotions/tonight', { token: gold.sessionId })).body).toEqual({
      promotion: { name: 'Double points', multiplier: 200, multiplierText: '×2', badge: 'Double points tonight ×2' },
    });
    const rewards = await t.request('GET', '/api/news/comment-rewards', { token: gold.sessionId });
    expect(rewards.body).toMatchObject({ pointsPerComment: 13 });
    const post = await createPost(t, manager.sessionId);
    expect((await comment(gold, post.id)).pointsAwarded).toBe(13);
    const listed = (await t.request('GET', '/api/admin/promotions', { token: manager.sessionId })).body.promotions;
    expect(listed.find((row: { id: string }) => row.id === created.body.id)).toMatchObject({
      appliesTonight: true,
      hasPaid: true,
    });
    const removal = await t.request('DELETE', `/api/admin/promotions/${created.body.id}`, { token: manager.sessionId });
    expect(removal.status).toBe(409);
  });

  it('without a running promotion the badge is empty and the button shows the base points', async () => {
    const member = await registerMember(t);
    expect((await t.request('GET', '/api/promotions/tonight', { token: member.sessionId })).body).toEqual({ promotion: null });
    expect((await t.request('GET', '/api/news/comment-rewards', { token: member.sessionId })).body).toMatchObject({
      pointsPerComment: 5,
    });
  });

  it('refuses a promotion whose weekdays never fall in its dates, naming the clash, and saves nothing', async () => {
    const answer = await create({ ...valid(), startsOn: '2026-11-28', endsOn: '2026-11-28', weekdays: [4] });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Thursdays only, but 28 Nov 2026 to 28 Nov 2026 has no Thursday');
    expect(answer.body.issues).toEqual([
      { path: 'weekdays', message: 'Thursdays only, but 28 Nov 2026 to 28 Nov 2026 has no Thursday' },
    ]);
    const saturday = await create({ ...valid(), startsOn: '2026-11-28', endsOn: '2026-11-28', weekdays: [6] });
    expect(saturday.status).toBe(201);
    const moved = await t.request('PUT', `/api/admin/promotions/${saturday.body.id}`, {
      token: manager.sessionId,
      body: { ...valid(), startsOn: '2026-11-28', endsOn: '2026-11-29', weekdays: [3, 5] },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe('Wednesdays and Fridays only, but 28 Nov 2026 to 29 Nov 2026 has no Wednesday or Friday');
    const listed = (await t.request('GET', '/api/admin/promotions', { token: manager.sessionId })).body.promotions;
    expect(listed.find((row: { id: string }) => row.id === saturday.body.id)).toMatchObject({
      weekdays: [6],
      endsOn: '2026-11-28',
    });
  });

  it('refuses an end before the start, a bad multiplier, a repeated weekday; only managers; edits and deletes one that paid nothing', async () => {
    const bad = [
      [{ ...valid(), endsOn: shiftDays(tonight(), -1) }, 'endsOn'],
      [{ ...valid(), multiplier: '5.5' }, 'multiplier'],
      [{ ...valid(), weekdays: [4, 4] }, 'weekdays'],
      [{ ...valid(), weekdays: [9] }, 'weekdays.0'],
      [{ ...valid(), startsOn: '2026-02-30' }, 'startsOn'],
    ] as const;
    for (const [body, path] of bad) {
      const answer = await create(body);
      expect(answer.status).toBe(400);
      expect(answer.body.issues).toEqual([expect.objectContaining({ path })]);
    }
    expect((await create(valid(), door.sessionId)).status).toBe(403);
    const thursdays = await create({
      name: 'Thursday double',
      multiplier: '2',
      startsOn: shiftDays(tonight(), 30),
      endsOn: shiftDays(tonight(), 60),
      weekdays: [4],
    });
    expect(thursdays.body).toMatchObject({ weekdays: [4], appliesTonight: false });
    const edited = await t.request('PUT', `/api/admin/promotions/${thursdays.body.id}`, {
      token: manager.sessionId,
      body: {
        name: 'Thursday triple',
        multiplier: '3',
        startsOn: shiftDays(tonight(), 30),
        endsOn: shiftDays(tonight(), 60),
        weekdays: [4, 5],
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Thursday triple', multiplier: 300, weekdays: [4, 5] });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.request('PUT', `/api/admin/promotions/${missing}`, { token: manager.sessionId, body: valid() })).status).toBe(
      404,
    );
    const removed = await t.request('DELETE', `/api/admin/promotions/${thursdays.body.id}`, { token: manager.sessionId });
    expect(removed.status).toBe(200);
    const actions = await t.sql.query(`select action from audit_log where target_id = $1 order by at`, [thursdays.body.id]);
    expect(actions.rows.map((row) => row.action)).toEqual(['promotion.create', 'promotion.update', 'promotion.delete']);
  });
});

describe('GET /api/auth/me/tier', () => {
  it('shows the benefits of the tier and the next, "120 points to Gold", and celebrates a reached tier once', async () => {
    const member = await registerMember(t);
    const mine = async () => (await t.request('GET', '/api/auth/me/tier', { token: member.sessionId })).body;
    const start = await balanceOf(member);
    await fund(t, member.user.id, 380 - start.total_points);
    const silver = await mine();
    expect(silver).toMatchObject({
      current: { tier: 'silver', label: 'Silver', multiplierText: expect.stringMatching(/^×1\.\d+$/) },
      next: { tier: 'gold', label: 'Gold', multiplierText: expect.stringMatching(/^×/) },
      toNext: '120 points to Gold',
      celebrate: 'silver',
    });
    expect(silver.progress).toBeCloseTo(0.7);
    const ack = await t.request('POST', '/api/auth/me/tier/celebrated', { token: member.sessionId, body: { tier: 'silver' } });
    expect(ack.status).toBe(200);
    expect((await mine()).celebrate).toBeNull();
    // Acknowledging a tier not reached yet records only the tier the member has.
    await t.request('POST', '/api/auth/me/tier/celebrated', { token: member.sessionId, body: { tier: 'platinum' } });
    await fund(t, member.user.id, 1200);
    const platinum = await mine();
    expect(platinum).toMatchObject({
      current: { tier: 'platinum' },
      next: null,
      toNext: null,
      progress: 1,
      celebrate: 'platinum',
    });
  });

  it('celebrates nothing at Bronze', async () => {
    const member = await registerMember(t);
    const body = (await t.request('GET', '/api/auth/me/tier', { token: member.sessionId })).body;
    expect(body).toMatchObject({ current: { tier: 'bronze' }, next: { tier: 'silver' }, celebrate: null });
  });
});
