import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { NewsPost } from '@nocturne/contracts';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { newsPostFromRow } from '#modules/news/news-post.js';
import { NewsPostVenues } from '#modules/news/news-post-venues.service.js';
import { StaffVenues } from '#modules/venues/venues.public.js';
import { NewsPostsRepository } from '#modules/news/news-posts.repository.js';
import { CreateNewsPostCommand } from './create-news-post.command.js';

/** Publishes a post at once; the feed shows it to every member. */
@CommandHandler(CreateNewsPostCommand)
export class CreateNewsPostHandler implements ICommandHandler<CreateNewsPostCommand, NewsPost> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly news: NewsPostsRepository,
    private readonly audit: AuditService,
    private readonly venues: NewsPostVenues,
    private readonly staffVenues: StaffVenues,
  ) {}

  async execute({ authorId, input }: CreateNewsPostCommand): Promise<NewsPost> {
    return this.unitOfWork.run(async (tx) => {
      await this.staffVenues.assertMayWriteFor(tx, authorId, 'post', { after: input.venueIds });
      const row = await this.news.insertPost(tx, authorId, input);
      const post = await this.venues.named(newsPostFromRow(row, false), await this.venues.set(tx, row.id, input.venueIds));
      // The title and body are free text: the row keeps what is not (docs/SECURITY.md "The audit log").
      const { title: _title, content: _content, ...fields } = post;
      await this.audit.record(tx, { action: 'news.create', targetType: 'news_post', targetId: post.id, after: fields });
      return post;
    });
  }
}
