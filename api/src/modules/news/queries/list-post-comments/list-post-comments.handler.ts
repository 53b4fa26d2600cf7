import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { PostCommentsPage } from '@nocturne/contracts';
import { ValidationFailedException } from '../../../../common/http/zod-validation.pipe.js';
import { isoTimestamp } from '../../../../common/timestamps.js';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../../../common/keyset-cursor.js';
import { requirePublishedPost } from '../../news-post.js';
import { NewsRepository } from '../../news.repository.js';
import { ListPostCommentsQuery } from './list-post-comments.query.js';

/**
 * One page of a post's live comments, oldest first, keyed by (created_at, id) as the feed is; only
 * the author's first name leaves the server. A comment posted while a member pages sorts after
 * every earlier one, so a walk meets each comment once and the new ones on its last pages.
 */
@QueryHandler(ListPostCommentsQuery)
export class ListPostCommentsHandler implements IQueryHandler<ListPostCommentsQuery, PostCommentsPage> {
  constructor(
    private readonly em: EntityManager,
    private readonly news: NewsRepository,
  ) {}

  async execute({ postId, page }: ListPostCommentsQuery): Promise<PostCommentsPage> {
    // An empty cursor (`?cursor=`) is the first page, as clients often send it.
    const after = page.cursor ? decodeKeysetCursor(page.cursor) : null;
    if (page.cursor && !after) {
      throw new ValidationFailedException([{ path: 'cursor', message: 'is not a cursor from a previous page' }]);
    }
    await requirePublishedPost(this.news, this.em, postId);
    // One row more than the page tells whether there is a next one.
    const rows = await this.news.listLiveComments(this.em, postId, after, page.limit + 1);
    const comments = rows.slice(0, page.limit);
    const last = comments.at(-1);
    return {
      comments: comments.map((row) => ({
        id: row.id,
        content: row.content,
        createdAt: isoTimestamp(row.created_at),
        author: { firstName: row.first_name },
      })),
      nextCursor: rows.length > page.limit && last ? encodeKeysetCursor({ createdAt: last.cursor_at, id: last.id }) : null,
    };
  }
}
