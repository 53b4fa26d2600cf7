import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { NewsComment } from '@nocturne/contracts';
import { isoTimestamp } from '../../../../common/timestamps.js';
import { requirePublishedPost } from '../../news-post.repository.js';
import { ListPostCommentsQuery } from './list-post-comments.query.js';

/** A post's live comments, oldest first; only the author's first name leaves the server. */
@QueryHandler(ListPostCommentsQuery)
export class ListPostCommentsHandler implements IQueryHandler<ListPostCommentsQuery, NewsComment[]> {
  constructor(private readonly em: EntityManager) {}

  async execute({ postId }: ListPostCommentsQuery): Promise<NewsComment[]> {
    await requirePublishedPost(this.em, postId);
    const rows = await this.em.execute<{ id: string; content: string; created_at: Date | string; first_name: string }[]>(
      `select c.id, c.content, c.created_at, m.first_name
         from news_comments c join members m on m.id = c.author_id
        where c.post_id = ? and c.deleted_at is null
        order by c.created_at, c.id`,
      [postId],
    );
    return rows.map((row) => ({
      id: row.id,
      content: row.content,
      createdAt: isoTimestamp(row.created_at),
      author: { firstName: row.first_name },
    }));
  }
}
