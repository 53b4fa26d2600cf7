import { TcpProxy, waitFor, registerAdmin, startTestApp, type TestApp, testEnv } from '@nocturne/testing';
import { createCoupon, expectLedgerClean, quickMembers } from './support/coupon-fixtures.js';
import { createPost } from './support/news-fixtures.js';

// Redis away for 10 s while members comment and claim: neither needs Redis, so none of those
// requests may fail, and every event they raise must be waiting in the outbox and go out after.
let t: TestApp;
let redisProxy: TcpProxy;
let adminToken: string;

beforeAll(async () => {
  const base = await testEnv();
  redisProxy = TcpProxy.forUrl(base.env['REDIS_URL']!);
  await redisProxy.start();
  t = await startTestApp({ REDIS_URL: redisProxy.urlFor(base.env['REDIS_URL']!) }, base);
  adminToken = (await registerAdmin(t)).sessionId;
}, 120_000);
afterAll(async () => {
  await t.close();
  await redisProxy.stop();
});

describe('Redis gone for 10 s during comments and claims', () => {
  it('answers every comment and claim, loses no event, and relays them all when Redis returns', async () => {
    const post = await createPost(t, adminToken);
    const coupon = await createCoupon(t, adminToken, { pointsCost: 5, maxUses: 100 });
    const members = await quickMembers(t, 20, 20);
    await waitFor(
      async () => (await t.sql.query('select count(*)::int as n from outbox where published_at is null')).rows[0].n === 0,
      {
        timeoutMs: 20_000,
        what: 'set-up events relayed',
      },
    );
    const { rows: before } = await t.sql.query<{ n: number }>('select count(*)::int as n from outbox');

    redisProxy.cut();
    const cutAt = Date.now();
    const statuses: number[] = [];
    while (Date.now() - cutAt < 10_000) {
      const round = await Promise.all(
        members.flatMap((member) => [
          t.request('POST', `/api/news/${post.id}/comments`, {
            token: member.token,
            body: { content: `Still here at ${Date.now()}` },
          }),
          t.request('POST', `/api/coupons/${coupon.id}/claim`, { token: member.token }),
        ]),
      );
      statuses.push(...round.map((answer) => answer.status));
    }
    const comments = statuses.filter((_, i) => i % 2 === 0);
    const claims = statuses.filter((_, i) => i % 2 === 1);
    // Comments always succeed; each member's first claim succeeds and the rest are the per-member limit.
    expect(new Set(comments)).toEqual(new Set([201]));
    expect(claims.filter((s) => s === 201)).toHaveLength(members.length);
    expect(claims.every((s) => s === 201 || s === 409)).toBe(true);

    const { rows: during } = await t.sql.query<{ type: string; n: number }>(
      'select type, count(*)::int as n from outbox where id > (select max(id) from outbox) - $1 group by type',
      [comments.length + members.length + 100],
    );
    const raised = Object.fromEntries(during.map((row) => [row.type, row.n]));
    expect(raised['CommentPosted']).toBeGreaterThanOrEqual(comments.length);
    expect(raised['CouponClaimed']).toBeGreaterThanOrEqual(members.length);
    const { rows: after } = await t.sql.query<{ n: number }>('select count(*)::int as n from outbox');
    expect(after[0]!.n - before[0]!.n).toBe(comments.length + members.length + (raised['MemberTierChanged'] ?? 0));

    redisProxy.restore();
    await waitFor(
      async () => (await t.sql.query('select count(*)::int as n from outbox where published_at is null')).rows[0].n === 0,
      {
        timeoutMs: 45_000,
        what: 'the outbox to drain after Redis returns',
      },
    );
    await expectLedgerClean(t);
  }, 180_000);
});
