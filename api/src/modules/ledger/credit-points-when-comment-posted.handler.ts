import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@nocturne/queues';
import {
  HandlesInTransaction,
  type InTransactionHandler,
  type Raise,
} from '#infrastructure/outbox/in-transaction-handler.decorator.js';
import { LedgerService } from './ledger.service.js';

/**
 * Pays the reward the comment command decided (0 once the nightly limit is reached; multiplied by
 * the member's tier and the running promotion, as its `earning` records) in the
 * comment's own transaction; the ledger's unique source key pays each comment at most once. The
 * history line names the post as it was titled when the comment was posted (the event's).
 */
@Injectable()
@HandlesInTransaction('CommentPosted')
export class CreditPointsWhenCommentPostedHandler implements InTransactionHandler<'CommentPosted'> {
  constructor(private readonly ledger: LedgerService) {}

  async handle(event: DomainEvent<'CommentPosted'>, tx: EntityManager, raise: Raise): Promise<void> {
    const { commentId, memberId, postTitle, pointsAwarded, earning } = event.payload;
    if (pointsAwarded <= 0) return;
    await this.ledger.credit(
      tx,
      {
        memberId,
        points: pointsAwarded,
        kind: 'comment_reward',
        description: `Commented on: ${postTitle}`,
        sourceType: 'news_comment',
        sourceId: commentId,
        earning: earning ?? undefined,
      },
      raise,
    );
  }
}
