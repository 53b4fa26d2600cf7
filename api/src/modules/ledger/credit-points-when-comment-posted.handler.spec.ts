import type { EntityManager } from '@mikro-orm/postgresql';
import { type DomainEvent, domainEvent } from '@nocturne/queues';
import { randomUUID } from 'node:crypto';
import type { ApiConfig } from '../../config/api-config.js';
import type { Raise } from '../../infrastructure/outbox/in-transaction-handler.decorator.js';
import { CreditPointsWhenCommentPostedHandler } from './credit-points-when-comment-posted.handler.js';
import { FakeLedgerRepository } from './ledger.repository.fake.js';
import { LedgerService } from './ledger.service.js';

const config = { TIER_SILVER: 100, TIER_GOLD: 500, TIER_PLATINUM: 1500 } as ApiConfig;
// The handler hands the transaction to the repository only; the fake never looks at it.
const tx = {} as EntityManager;

function setup() {
  const ledger = new FakeLedgerRepository();
  const handler = new CreditPointsWhenCommentPostedHandler(new LedgerService(config, ledger), ledger);
  const raised: DomainEvent[] = [];
  const raise: Raise = async (event) => {
    raised.push(event);
  };
  const postId = randomUUID();
  ledger.posts.set(postId, 'Terrace opening');
  return { ledger, handler, raised, raise, postId };
}

const commentPosted = (memberId: string, postId: string, pointsAwarded: number, commentId = randomUUID()) =>
  domainEvent('CommentPosted', commentId, { commentId, memberId, postId, pointsAwarded });

describe('CreditPointsWhenCommentPostedHandler', () => {
  it('credits the points the comment earned, as a comment_reward row naming the post and the comment', async () => {
    const { ledger, handler, raise, postId } = setup();
    const memberId = ledger.addMember({ current_points: 20, total_points: 20 });
    const event = commentPosted(memberId, postId, 10);
    await handler.handle(event, tx, raise);
    expect(ledger.rows).toEqual([
      {
        id: expect.any(String),
        memberId,
        points: 10,
        kind: 'comment_reward',
        description: 'Commented on: Terrace opening',
        sourceType: 'news_comment',
        sourceId: event.payload.commentId,
      },
    ]);
    expect(ledger.members.get(memberId)).toMatchObject({ current_points: 30, total_points: 30 });
  });

  it('pays each comment once: the same event handled again changes nothing, another comment pays again', async () => {
    const { ledger, handler, raise, postId } = setup();
    const memberId = ledger.addMember();
    const event = commentPosted(memberId, postId, 10);
    await handler.handle(event, tx, raise);
    await handler.handle(event, tx, raise);
    expect(ledger.rows).toHaveLength(1);
    expect(ledger.members.get(memberId)).toMatchObject({ current_points: 10, total_points: 10 });

    await handler.handle(commentPosted(memberId, postId, 10), tx, raise);
    expect(ledger.rows).toHaveLength(2);
    expect(ledger.members.get(memberId)).toMatchObject({ current_points: 20, total_points: 20 });
  });

  it('pays nothing for a comment that earned nothing (past the nightly limit)', async () => {
    const { ledger, handler, raise, raised, postId } = setup();
    const memberId = ledger.addMember({ current_points: 5, total_points: 5 });
    await handler.handle(commentPosted(memberId, postId, 0), tx, raise);
    expect(ledger.rows).toEqual([]);
    expect(ledger.members.get(memberId)).toMatchObject({ current_points: 5, total_points: 5 });
    expect(raised).toEqual([]);
  });

  it('names "a news post" when the post is gone', async () => {
    const { ledger, handler, raise } = setup();
    const memberId = ledger.addMember();
    await handler.handle(commentPosted(memberId, randomUUID(), 10), tx, raise);
    expect(ledger.rows[0]!.description).toBe('Commented on: a news post');
  });

  it('moves the member up a tier when total earned points reach its threshold, raising MemberTierChanged once', async () => {
    const { ledger, handler, raise, raised, postId } = setup();
    const memberId = ledger.addMember({ current_points: 5, total_points: 90 });
    await handler.handle(commentPosted(memberId, postId, 5), tx, raise);
    expect(ledger.members.get(memberId)!.member_tier).toBe('bronze');
    expect(raised).toEqual([]);

    await handler.handle(commentPosted(memberId, postId, 5), tx, raise);
    expect(ledger.members.get(memberId)).toEqual({ current_points: 15, total_points: 100, member_tier: 'silver' });
    expect(raised).toEqual([
      expect.objectContaining({
        type: 'MemberTierChanged',
        aggregateId: memberId,
        payload: { memberId, from: 'bronze', to: 'silver' },
      }),
    ]);

    await handler.handle(commentPosted(memberId, postId, 5), tx, raise);
    expect(raised).toHaveLength(1);
  });
});
