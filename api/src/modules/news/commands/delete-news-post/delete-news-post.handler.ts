import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DeleteNewsPostResponse } from '@nocturne/contracts';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { newsPostFromRow } from '#modules/news/news-post.js';
import { NewsFailure, POST_NOT_FOUND } from '#modules/news/news-failure.js';
import { NewsPostsRepository } from '#modules/news/news-posts.repository.js';
import { DeleteNewsPostCommand } from './delete-news-post.command.js';

/**
 * Deletes a post for good, in one transaction: its comments, likes and views go with it (the
 * foreign keys cascade) and its image goes back to the media cleanup.
 *
 * Points: members keep what their comments on it earned. The ledger is append-only and a reward
 * was paid for a comment the member really wrote; taking it back because staff retired the post
 * would punish the member for staff's choice (a comment staff remove as abuse is reversed by
 * `DELETE /api/admin/comments/{id}`, before the post goes, if that is what staff mean). Nothing
 * is written to point_transactions, so balances, total earned and tiers stay what the ledger
 * says and `ledger:verify` stays clean; the reward rows keep their "Commented on: <title>" text.
 * Deleted comments still count towards that night's reward limit, as paid rewards.
 */
@CommandHandler(DeleteNewsPostCommand)
export class DeleteNewsPostHandler implements ICommandHandler<DeleteNewsPostCommand, DeleteNewsPostResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly news: NewsPostsRepository,
    private readonly audit: AuditService,
  ) {}

  async execute({ postId }: DeleteNewsPostCommand): Promise<DeleteNewsPostResponse> {
    return this.unitOfWork.run(async (tx) => {
      // Comments before the post: the order a staff comment removal takes its locks in.
      await this.news.lockComments(tx, postId);
      const post = await this.news.lockPost(tx, postId);
      if (!post) throw new NewsFailure('not_found', POST_NOT_FOUND);
      const summary = await this.news.summarisePostComments(tx, postId);
      await this.news.deletePost(tx, postId);
      if (post.featured_image_url) await this.news.releaseUpload(tx, post.featured_image_url);
      await this.audit.record(tx, {
        action: 'news.delete',
        targetType: 'news_post',
        targetId: postId,
        before: { ...newsPostFromRow(post, false) },
        after: {},
      });
      return {
        success: true,
        message: 'News post deleted.',
        commentsRemoved: summary.live_comments,
        pointsKept: summary.points_kept,
      };
    });
  }
}
