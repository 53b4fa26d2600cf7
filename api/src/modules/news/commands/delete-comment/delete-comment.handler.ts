import type { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DeleteCommentResponse } from '@nocturne/contracts';
import { commentRemovedDescription } from '@nocturne/domain';
import type { Raise } from '#infrastructure/outbox/in-transaction-handler.decorator.js';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { LedgerService } from '#modules/ledger/ledger.public.js';
import { PostCommentsRepository } from '#modules/news/post-comments.repository.js';
import { DeleteCommentCommand } from './delete-comment.command.js';
import { NewsFailure } from '#modules/news/news-failure.js';

const COMMENT_NOT_FOUND = 'No comment with this id';

/**
 * Soft-deletes the comment (the conditional update lets exactly one of two racing admins win),
 * reverses its reward and drops it from the post's count, all in one transaction.
 */
@CommandHandler(DeleteCommentCommand)
export class DeleteCommentHandler implements ICommandHandler<DeleteCommentCommand, DeleteCommentResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly news: PostCommentsRepository,
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
  ) {}

  async execute({ adminId, commentId }: DeleteCommentCommand): Promise<DeleteCommentResponse> {
    return this.unitOfWork.run(async (tx, raise) => {
      const removed = await this.news.softDeleteComment(tx, commentId, adminId);
      if (!removed) {
        if (!(await this.news.commentExists(tx, commentId))) throw new NewsFailure('not_found', COMMENT_NOT_FOUND);
        return { success: true, message: 'This comment was already removed.', pointsReversed: 0 };
      }
      // Lock order member -> post, as when posting a comment, so the two never deadlock.
      const pointsReversed = await this.reverseReward(tx, commentId, removed.author_id, removed.title, raise);
      await this.news.changeCommentCount(tx, removed.post_id, -1);
      await this.audit.record(tx, {
        action: 'comment.hide',
        targetType: 'comment',
        targetId: commentId,
        before: { removed: false },
        after: { removed: true, pointsReversed },
      });
      return { success: true, message: 'Comment removed.', pointsReversed };
    });
  }

  private async reverseReward(
    tx: EntityManager,
    commentId: string,
    authorId: string,
    title: string,
    raise: Raise,
  ): Promise<number> {
    return this.ledger.reverseSource(
      tx,
      { memberId: authorId, kind: 'comment_reward', sourceId: commentId },
      commentRemovedDescription(title),
      raise,
    );
  }
}
