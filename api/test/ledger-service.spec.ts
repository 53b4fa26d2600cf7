import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '@nocturne/db';
import type { Tier } from '@nocturne/domain';
import { type DomainEvent, domainEvent } from '@nocturne/queues';
import { randomUUID } from 'node:crypto';
import type { ApiConfig } from '../src/config/api-config.js';
import type { Raise } from '../src/infrastructure/outbox/in-transaction-handler.decorator.js';
import { CreditPointsWhenCommentPostedHandler } from '../src/modules/ledger/credit-points-when-comment-posted.handler.js';
import { DebitPointsWhenCouponClaimedHandler } from '../src/modules/ledger/debit-points-when-coupon-claimed.handler.js';
import { InsufficientPointsError, LedgerService } from '../src/modules/ledger/ledger.service.js';
import { openTestOrm, type TestOrm } from './support/test-orm.js';

/*
 * The ledger's own guarantees on PostgreSQL: one payment per source (the unique key), no balance
 * below zero (the conditional update), reversals at most once, tiers following total earned.
 */

const config = { TIER_SILVER: 100, TIER_GOLD: 500, TIER_PLATINUM: 1500 } as ApiConfig;

let t: TestOrm;
beforeAll(async () => {
  t = await openTestOrm('ledger');
});
afterAll(async () => {
  await t.close();
});

interface Balance {
  current_points: number;
  total_points: number;
  member_tier: Tier;
}

function setup() {
  const em = t.orm.em.fork();
  const ledger = new LedgerService(config);
  const raised: DomainEvent[] = [];
  const raise: Raise = async (event) => {
    raised.push(event);
  };
  return { em, ledger, raised, raise };
}

/** A member with these cached balances and no ledger rows yet. */
async function member(em: EntityManager, balance: Partial<Balance> = {}): Promise<string> {
  const row = await db(em)
    .insertInto('members')
    .values({
      email: `ledger.${randomUUID()}@example.com`,
      first_name: 'Ledger',
      password_hash: 'not-a-hash',
      current_points: balance.current_points ?? 0,
      total_points: balance.total_points ?? 0,
      member_tier: balance.member_tier ?? 'bronze',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function balanceOf(em: EntityManager, memberId: string): Promise<Balance> {
  return db(em)
    .selectFrom('members')
    .select(['current_points', 'total_points', 'member_tier'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

async function rowsOf(em: EntityManager, memberId: string) {
  return db(em)
    .selectFrom('point_transactions')
    .select(['points', 'kind', 'description', 'source_type', 'source_id', 'reverses_id'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

describe('LedgerService: reversing a comment reward', () => {
  /** A member paid a 10-point comment reward, who then spent `spent` of their balance. */
  async function rewarded(balance: { current_points: number; total_points: number }, spent = 0) {
    const { em, ledger, raised, raise } = setup();
    const memberId = await member(em, { ...balance, member_tier: balance.total_points >= 100 ? 'silver' : 'bronze' });
    const reward = { memberId, kind: 'comment_reward' as const, sourceId: randomUUID() };
    await ledger.credit(em, { ...reward, points: 10, description: 'Commented on: Jazz', sourceType: 'news_comment' }, raise);
    if (spent > 0) {
      await ledger.debit(em, {
        memberId,
        points: -spent,
        kind: 'coupon_claim',
        description: 'Claimed: Drink',
        sourceType: 'user_coupon',
        sourceId: randomUUID(),
      });
    }
    const reverse = () => ledger.reverseSource(em, reward, 'Comment removed by staff: Jazz', raise);
    const reversals = async () => (await rowsOf(em, memberId)).filter((row) => row.kind === 'reversal');
    return { em, memberId, raised, reverse, reversals };
  }

  it('takes the points back from the balance and out of total earned, once', async () => {
    const { em, memberId, reverse, reversals } = await rewarded({ current_points: 20, total_points: 20 });
    expect(await reverse()).toBe(10);
    expect(await balanceOf(em, memberId)).toMatchObject({ current_points: 20, total_points: 20 });
    expect(await reversals()).toEqual([
      expect.objectContaining({ points: -10, description: 'Comment removed by staff: Jazz', reverses_id: expect.any(String) }),
    ]);
    expect(await reverse()).toBe(0);
    expect(await reversals()).toHaveLength(1);
    expect(await balanceOf(em, memberId)).toMatchObject({ current_points: 20, total_points: 20 });
  });

  it('lowers the tier when total earned falls below its threshold, raising MemberTierChanged', async () => {
    const { em, memberId, raised, reverse } = await rewarded({ current_points: 0, total_points: 95 });
    expect(await balanceOf(em, memberId)).toMatchObject({ total_points: 105, member_tier: 'silver' });
    await reverse();
    expect(await balanceOf(em, memberId)).toEqual({ current_points: 0, total_points: 95, member_tier: 'bronze' });
    expect(raised.map((event) => event.payload)).toContainEqual({ memberId, from: 'silver', to: 'bronze' });
  });

  it('never takes the balance below zero: spent points are taken as far as the balance goes, and the row says so', async () => {
    const { em, memberId, reverse, reversals } = await rewarded({ current_points: 0, total_points: 0 }, 7);
    expect(await balanceOf(em, memberId)).toMatchObject({ current_points: 3, total_points: 10 });
    expect(await reverse()).toBe(3);
    expect(await balanceOf(em, memberId)).toMatchObject({ current_points: 0, total_points: 0 });
    expect(await reversals()).toEqual([
      expect.objectContaining({ points: -3, description: 'Comment removed by staff: Jazz (7 points already spent)' }),
    ]);
  });

  it('still writes the row when everything was spent, so total earned (and the tier) follow and the history says why', async () => {
    const { em, memberId, reverse, reversals } = await rewarded({ current_points: 0, total_points: 0 }, 10);
    expect(await reverse()).toBe(0);
    expect(await balanceOf(em, memberId)).toMatchObject({ current_points: 0, total_points: 0 });
    expect(await reversals()).toEqual([
      expect.objectContaining({ points: 0, description: 'Comment removed by staff: Jazz (10 points already spent)' }),
    ]);
    expect(await reverse()).toBe(0);
    expect(await reversals()).toHaveLength(1);
  });

  it('reverses nothing for a source that paid nothing', async () => {
    const { em, ledger } = setup();
    const memberId = await member(em, { current_points: 5, total_points: 5 });
    const taken = await ledger.reverseSource(
      em,
      { memberId, kind: 'comment_reward', sourceId: randomUUID() },
      'Comment removed by staff: Jazz',
      async () => undefined,
    );
    expect(taken).toBe(0);
    expect(await rowsOf(em, memberId)).toEqual([]);
    expect(await balanceOf(em, memberId)).toMatchObject({ current_points: 5, total_points: 5 });
  });
});

describe('CreditPointsWhenCommentPostedHandler', () => {
  function handlerSetup() {
    const context = setup();
    return { ...context, handler: new CreditPointsWhenCommentPostedHandler(context.ledger) };
  }

  const commentPosted = (memberId: string, pointsAwarded: number, postTitle = 'Jazz', commentId = randomUUID()) =>
    domainEvent('CommentPosted', commentId, {
      commentId,
      memberId,
      postId: randomUUID(),
      pointsAwarded,
      postTitle,
      earning: null,
    });

  it('credits the points the comment earned, as a comment_reward row naming the post as the event titles it', async () => {
    const { em, handler, raise } = handlerSetup();
    const memberId = await member(em, { current_points: 20, total_points: 20 });
    // No post row: the title is the one the comment was posted under, not whatever the post is called later.
    const event = commentPosted(memberId, 10, 'Terrace opening');
    await handler.handle(event, em, raise);
    expect(await rowsOf(em, memberId)).toEqual([
      {
        points: 10,
        kind: 'comment_reward',
        description: 'Commented on: Terrace opening',
        source_type: 'news_comment',
        source_id: event.payload.commentId,
        reverses_id: null,
      },
    ]);
    expect(await balanceOf(em, memberId)).toMatchObject({ current_points: 30, total_points: 30 });
  });

  it('pays each comment once: the same event handled again changes nothing, another comment pays again', async () => {
    const { em, handler, raise } = handlerSetup();
    const memberId = await member(em);
    const event = commentPosted(memberId, 10);
    await handler.handle(event, em, raise);
    await handler.handle(event, em, raise);
    expect(await rowsOf(em, memberId)).toHaveLength(1);
    expect(await balanceOf(em, memberId)).toMatchObject({ current_points: 10, total_points: 10 });

    await handler.handle(commentPosted(memberId, 10), em, raise);
    expect(await rowsOf(em, memberId)).toHaveLength(2);
    expect(await balanceOf(em, memberId)).toMatchObject({ current_points: 20, total_points: 20 });
  });

  it('pays nothing for a comment that earned nothing (past the nightly limit)', async () => {
    const { em, handler, raise, raised } = handlerSetup();
    const memberId = await member(em, { current_points: 5, total_points: 5 });
    await handler.handle(commentPosted(memberId, 0), em, raise);
    expect(await rowsOf(em, memberId)).toEqual([]);
    expect(await balanceOf(em, memberId)).toMatchObject({ current_points: 5, total_points: 5 });
    expect(raised).toEqual([]);
  });

  it('moves the member up a tier when total earned points reach its threshold, raising MemberTierChanged once', async () => {
    const { em, handler, raise, raised } = handlerSetup();
    const memberId = await member(em, { current_points: 5, total_points: 90 });
    await handler.handle(commentPosted(memberId, 5), em, raise);
    expect((await balanceOf(em, memberId)).member_tier).toBe('bronze');
    expect(raised).toEqual([]);

    await handler.handle(commentPosted(memberId, 5), em, raise);
    expect(await balanceOf(em, memberId)).toEqual({ current_points: 15, total_points: 100, member_tier: 'silver' });
    expect(raised).toEqual([
      expect.objectContaining({
        type: 'MemberTierChanged',
        aggregateId: memberId,
        payload: { memberId, from: 'bronze', to: 'silver' },
      }),
    ]);

    await handler.handle(commentPosted(memberId, 5), em, raise);
    expect(raised).toHaveLength(1);
  });
});

describe('DebitPointsWhenCouponClaimedHandler', () => {
  const couponClaimed = (memberId: string, pointsCost: number, title: string) => {
    const userCouponId = randomUUID();
    return domainEvent('CouponClaimed', userCouponId, { userCouponId, memberId, couponId: randomUUID(), pointsCost, title });
  };

  it("debits the price and names the title the claim took (the event's), whatever the coupon row says now", async () => {
    const { em, ledger } = setup();
    const handler = new DebitPointsWhenCouponClaimedHandler(ledger);
    const memberId = await member(em, { current_points: 40, total_points: 40 });
    // No coupon row at all: nothing is read back from a coupon that staff may have edited since.
    const event = couponClaimed(memberId, 15, 'Happy hour');
    await handler.handle(event, em);
    expect(await rowsOf(em, memberId)).toEqual([
      {
        points: -15,
        kind: 'coupon_claim',
        description: 'Claimed: Happy hour',
        source_type: 'user_coupon',
        source_id: event.payload.userCouponId,
        reverses_id: null,
      },
    ]);
    expect(await balanceOf(em, memberId)).toMatchObject({ current_points: 25, total_points: 40 });
  });

  it('writes nothing for a free coupon, and refuses to take a balance below zero', async () => {
    const { em, ledger } = setup();
    const handler = new DebitPointsWhenCouponClaimedHandler(ledger);
    const memberId = await member(em, { current_points: 10, total_points: 10 });
    await handler.handle(couponClaimed(memberId, 0, 'Free drink'), em);
    expect(await rowsOf(em, memberId)).toEqual([]);
    await expect(handler.handle(couponClaimed(memberId, 11, 'VIP table'), em)).rejects.toBeInstanceOf(InsufficientPointsError);
    expect(await balanceOf(em, memberId)).toMatchObject({ current_points: 10, total_points: 10 });
  });
});
