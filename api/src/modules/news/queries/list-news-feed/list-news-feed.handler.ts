import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { NewsListResponse } from '@nocturne/contracts';
import { ValidationFailedException } from '../../../../common/http/zod-validation.pipe.js';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../../../common/keyset-cursor.js';
import { newsPostFromRow } from '../../news-post.js';
import { NewsRepository } from '../../news.repository.js';
import { ListNewsFeedQuery } from './list-news-feed.query.js';

/** Published posts, newest first, one indexed range scan per page; counts come from the cached columns. */
@QueryHandler(ListNewsFeedQuery)
export class ListNewsFeedHandler implements IQueryHandler<ListNewsFeedQuery, NewsListResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly news: NewsRepository,
  ) {}

  async execute({ memberId, page }: ListNewsFeedQuery): Promise<NewsListResponse> {
    // An empty cursor (`?cursor=`) is the first page, as clients often send it.
    const after = page.cursor ? decodeKeysetCursor(page.cursor) : null;
    if (page.cursor && !after) {
      throw new ValidationFailedException([{ path: 'cursor', message: 'is not a cursor from a previous page' }]);
    }
    // One row more than the page tells whether there is a next one.
    const rows = await this.news.listFeedPage(this.em, memberId, after, page.limit + 1);
    const posts = rows.slice(0, page.limit);
    const last = posts.at(-1);
    return {
      posts: posts.map((row) => newsPostFromRow(row, row.liked_by_me)),
      nextCursor: rows.length > page.limit && last ? encodeKeysetCursor({ createdAt: last.cursor_at, id: last.id }) : null,
    };
  }
}
