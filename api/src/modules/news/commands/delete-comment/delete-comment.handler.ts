import type { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DeleteCommentResponse } from '@nocturne/contracts';
import type { Raise } from '../../../../infrastructure/outbox/in-transaction-handler.decorator.js';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { LedgerService } from '../../../ledger/ledger.service.js';
import { DeleteCommentCommand } from './delete-comment.command.js';
import { NewsFailure } from '../../news-failure.js';

export const COMMENT_NOT_FOUND = 'No comment with this id';

/**
 * Soft-deletes the comment (the conditional update lets exactly one of two racing admins win),
 * reverses its reward and drops it from the post's count, all in one transaction.
 */
@CommandHandler(DeleteCommentCommand)
export class DeleteCommentHandler implements ICommandHandler<DeleteCommentCommand, DeleteCommentResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly ledger: LedgerService,
  ) {}

  async execute({ adminId, commentId }: DeleteCommentCommand): Promise<DeleteCommentResponse> {
    return this.unitOfWork.run(async (tx, raise) => {
      const removed = (
        await tx.execute<{ post_id: string; author_id: string; title: string }[]>(
          `update news_comments c set deleted_at = now(), deleted_by_id = ?
             from news_posts p where c.id = ? and c.deleted_at is null and p.id = c.post_id
             returning c.post_id, c.author_id, p.title`,
          [adminId, commentId],
        )
      )[0];
      if (!removed) {
        const known = await tx.execute('select 1 from news_comments where id = ?', [commentId]);
        if (!known.length) throw new NewsFailure('not_found', COMMENT_NOT_FOUND);
        return { success: true, message: 'This comment was already removed.', pointsReversed: 0 };
      }
      // Lock order member -> post, as when posting a comment, so the two never deadlock.
      const pointsReversed = await this.reverseReward(tx, commentId, removed.author_id, removed.title, raise);
      await tx.execute('update news_posts set comment_count = comment_count - 1 where id = ?', [removed.post_id]);
      return { success: true, message: 'Comment removed.', pointsReversed };
    });
  }

  private async reverseReward(tx: EntityManager, commentId: string, authorId: string, title: string, raise: Raise): Promise<number> {
    const reward = (
      await tx.execute<{ id: string }[]>("select id from point_transactions where member_id = ? and kind = 'comment_reward' and source_id = ?", [
        authorId,
        commentId,
      ])
    )[0];
    if (!reward) return 0;
    await this.ledger.reverse(tx, reward.id, `Comment removed: ${title}`, raise);
    const reversal = (await tx.execute<{ points: number }[]>('select points from point_transactions where reverses_id = ?', [reward.id]))[0];
    return reversal ? -reversal.points : 0;
  }
}
