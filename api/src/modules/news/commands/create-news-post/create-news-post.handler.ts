import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { NewsPost } from '@nocturne/contracts';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { NEWS_POST_COLUMNS, newsPostFromRow, type NewsPostRow } from '../../news-post.repository.js';
import { CreateNewsPostCommand } from './create-news-post.command.js';

/** Publishes a post at once; the feed shows it to every member. */
@CommandHandler(CreateNewsPostCommand)
export class CreateNewsPostHandler implements ICommandHandler<CreateNewsPostCommand, NewsPost> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ authorId, input }: CreateNewsPostCommand): Promise<NewsPost> {
    return this.unitOfWork.run(async (tx) => {
      const rows = await tx.execute<NewsPostRow[]>(
        `insert into news_posts as p (title, content, content_type, featured_image_url, author_id)
           values (?, ?, ?, ?, ?) returning ${NEWS_POST_COLUMNS}`,
        [input.title, input.content, input.contentType, input.featuredImageUrl, authorId],
      );
      return newsPostFromRow(rows[0]!, false);
    });
  }
}
