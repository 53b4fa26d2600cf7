import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { NewsPost } from '@nocturne/contracts';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { NewsFailure, POST_NOT_FOUND } from '#modules/news/news-failure.js';
import { newsPostFromRow } from '#modules/news/news-post.js';
import { NewsPostVenues } from '#modules/news/news-post-venues.service.js';
import { StaffVenues } from '#modules/venues/venues.public.js';
import { NewsPostsRepository } from '#modules/news/news-posts.repository.js';
import { UpdateNewsPostCommand } from './update-news-post.command.js';

const IMAGE_NOT_UPLOADED = 'must be an image uploaded and finalized here (POST /api/admin/upload/finalize)';

/**
 * Edits a post in one transaction. A new featured image must be a finalized upload; the image it
 * replaces or removes goes back to the media cleanup (see NewsPostsRepository.releaseUpload). The
 * news_posts change moves the feed's ETag, so members get the edit on their next poll.
 */
@CommandHandler(UpdateNewsPostCommand)
export class UpdateNewsPostHandler implements ICommandHandler<UpdateNewsPostCommand, NewsPost> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly news: NewsPostsRepository,
    private readonly audit: AuditService,
    private readonly venues: NewsPostVenues,
    private readonly staffVenues: StaffVenues,
  ) {}

  async execute({ postId, changes, staffId }: UpdateNewsPostCommand): Promise<NewsPost> {
    return this.unitOfWork.run(async (tx) => {
      const current = await this.news.lockPost(tx, postId);
      if (!current) throw new NewsFailure('not_found', POST_NOT_FOUND);
      const venuesBefore = (await this.venues.of(tx, [postId])).get(postId);
      await this.staffVenues.assertMayWriteFor(tx, staffId, 'post', { before: venuesBefore ?? [], after: changes.venueIds });
      const image = changes.featuredImageUrl;
      const imageChanges = image !== undefined && image !== current.featured_image_url;
      if (imageChanges && image !== null && !(await this.news.isFinalizedUpload(tx, image))) {
        throw new NewsFailure('invalid', `Featured image ${IMAGE_NOT_UPLOADED}`, {
          issues: [{ path: 'featuredImageUrl', message: IMAGE_NOT_UPLOADED }],
        });
      }
      const { venueIds, ...fields } = changes;
      const venuesAfter = venueIds === undefined ? venuesBefore : await this.venues.set(tx, postId, venueIds);
      // Only the venues changing still writes the row: the feed's version moves with it.
      const changesFields = Object.values(fields).some((value) => value !== undefined);
      const post = await this.news.updatePost(tx, postId, changesFields ? fields : { title: current.title });
      if (imageChanges && current.featured_image_url) await this.news.releaseUpload(tx, current.featured_image_url);
      const after = await this.venues.named(newsPostFromRow(post, false), venuesAfter);
      const before = { ...(await this.venues.named(newsPostFromRow(current, false), venuesBefore)) };
      await this.audit.record(tx, {
        action: 'news.update',
        targetType: 'news_post',
        targetId: postId,
        before,
        after: { ...after },
      });
      return after;
    });
  }
}
