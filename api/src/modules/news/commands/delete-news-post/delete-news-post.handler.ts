import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DeleteNewsPostResponse } from '@nocturne/contracts';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { newsPostFromRow } from '#modules/news/news-post.js';
import { NewsFailure, POST_NOT_FOUND } from '#modules/news/news-failure.js';
import { NewsPostVenues } from '#modules/news/news-post-venues.service.js';
import { NewsPostsRepository } from '#modules/news/news-posts.repository.js';
import { StaffVenues } from '#modules/venues/venues.public.js';
import { DeleteNewsPostCommand } from './delete-news-post.command.js';

/**
 * Deletes a post for good, in one transaction: its comments, likes and views go with it (the
 * foreign keys cascade) and its image goes back to the media cleanup. Members keep what their
 * comments on it earned (docs/PRODUCT.md §10), so nothing is written to the ledger; those comments
 * still count towards their night's reward limit.
 */
@CommandHandler(DeleteNewsPostCommand)
export class DeleteNewsPostHandler implements ICommandHandler<DeleteNewsPostCommand, DeleteNewsPostResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly news: NewsPostsRepository,
    private readonly audit: AuditService,
    private readonly venues: NewsPostVenues,
    private readonly staffVenues: StaffVenues,
  ) {}

  async execute({ postId, staffId }: DeleteNewsPostCommand): Promise<DeleteNewsPostResponse> {
    return this.unitOfWork.run(async (tx) => {
      // Comments before the post: the order a staff comment removal takes its locks in.
      await this.news.lockComments(tx, postId);
      const post = await this.news.lockPost(tx, postId);
      if (!post) throw new NewsFailure('not_found', POST_NOT_FOUND);
      const venues = (await this.venues.of(tx, [postId])).get(postId) ?? [];
      await this.staffVenues.assertMayWriteFor(tx, staffId, 'post', { before: venues });
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
