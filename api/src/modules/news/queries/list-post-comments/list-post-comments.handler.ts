import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { NewsComment } from '@nocturne/contracts';
import { isoTimestamp } from '../../../../common/timestamps.js';
import { requirePublishedPost } from '../../news-post.js';
import { NewsRepository } from '../../news.repository.js';
import { ListPostCommentsQuery } from './list-post-comments.query.js';

/** A post's live comments, oldest first; only the author's first name leaves the server. */
@QueryHandler(ListPostCommentsQuery)
export class ListPostCommentsHandler implements IQueryHandler<ListPostCommentsQuery, NewsComment[]> {
  constructor(
    private readonly em: EntityManager,
    private readonly news: NewsRepository,
  ) {}

  async execute({ postId }: ListPostCommentsQuery): Promise<NewsComment[]> {
    await requirePublishedPost(this.news, this.em, postId);
    const rows = await this.news.listLiveComments(this.em, postId);
    return rows.map((row) => ({
      id: row.id,
      content: row.content,
      createdAt: isoTimestamp(row.created_at),
      author: { firstName: row.first_name },
    }));
  }
}
