import type { EntityManager } from '@mikro-orm/postgresql';
import { domainEvent } from '@nocturne/queues';
import { randomUUID } from 'node:crypto';
import type { Raise } from '../../infrastructure/outbox/in-transaction-handler.decorator.js';
import { CreditPointsWhenCommentPostedHandler } from './credit-points-when-comment-posted.handler.js';
import type { LedgerRepository } from './ledger.repository.js';
import type { LedgerEntry, LedgerService } from './ledger.service.js';

// The handler hands the transaction on; nothing here looks at it. How the ledger pays (once per
// source, tiers) is the ledger library's, tested on PostgreSQL in libs/ledger/test.
const tx = {} as EntityManager;
const raise: Raise = async () => undefined;

function setup(titles: Record<string, string> = {}) {
  const credited: { tx: EntityManager; entry: LedgerEntry; raise: Raise }[] = [];
  const ledger = {
    credit: async (tx: EntityManager, entry: LedgerEntry, raise: Raise) => {
      credited.push({ tx, entry, raise });
      return null;
    },
  } as unknown as LedgerService;
  const rows = { postTitle: async (_tx: EntityManager, postId: string) => titles[postId] } as unknown as LedgerRepository;
  return { credited, handler: new CreditPointsWhenCommentPostedHandler(ledger, rows) };
}

const commentPosted = (memberId: string, postId: string, pointsAwarded: number, commentId = randomUUID()) =>
  domainEvent('CommentPosted', commentId, { commentId, memberId, postId, pointsAwarded });

describe('CreditPointsWhenCommentPostedHandler', () => {
  it("credits the points the comment earned, as a comment_reward row naming the post and paid by the comment, in the comment's transaction", async () => {
    const postId = randomUUID();
    const memberId = randomUUID();
    const { credited, handler } = setup({ [postId]: 'Terrace opening' });
    const event = commentPosted(memberId, postId, 10);
    await handler.handle(event, tx, raise);
    expect(credited).toEqual([
      {
        tx,
        raise,
        entry: {
          memberId,
          points: 10,
          kind: 'comment_reward',
          description: 'Commented on: Terrace opening',
          sourceType: 'news_comment',
          sourceId: event.payload.commentId,
        },
      },
    ]);
  });

  it('pays nothing for a comment that earned nothing (past the nightly limit)', async () => {
    const { credited, handler } = setup();
    await handler.handle(commentPosted(randomUUID(), randomUUID(), 0), tx, raise);
    expect(credited).toEqual([]);
  });

  it('names "a news post" when the post is gone', async () => {
    const { credited, handler } = setup();
    await handler.handle(commentPosted(randomUUID(), randomUUID(), 10), tx, raise);
    expect(credited[0]!.entry.description).toBe('Commented on: a news post');
  });
});
