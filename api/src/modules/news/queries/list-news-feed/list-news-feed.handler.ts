import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { NewsListResponse } from '@nocturne/contracts';
import { ValidationFailedException } from '../../../../common/http/zod-validation.pipe.js';
import { decodeFeedCursor, encodeFeedCursor } from '../../feed-cursor.js';
import { NEWS_POST_COLUMNS, newsPostFromRow, type NewsPostRow } from '../../news-post.repository.js';
import { ListNewsFeedQuery } from './list-news-feed.query.js';

type FeedRow = NewsPostRow & { cursor_at: string; liked_by_me: boolean };

/** Published posts, newest first, one indexed range scan per page; counts come from the cached columns. */
@QueryHandler(ListNewsFeedQuery)
export class ListNewsFeedHandler implements IQueryHandler<ListNewsFeedQuery, NewsListResponse> {
  constructor(private readonly em: EntityManager) {}

  async execute({ memberId, page }: ListNewsFeedQuery): Promise<NewsListResponse> {
    // An empty cursor (`?cursor=`) is the first page, as clients often send it.
    const after = page.cursor ? decodeFeedCursor(page.cursor) : null;
    if (page.cursor && !after) {
      throw new ValidationFailedException([{ path: 'cursor', message: 'is not a cursor from a previous page' }]);
    }
    const rows = await this.em.execute<FeedRow[]>(
      `select ${NEWS_POST_COLUMNS},
              to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
              exists (select 1 from news_likes l where l.post_id = p.id and l.member_id = ?) as liked_by_me
         from news_posts p
        where p.published_at <= now() ${after ? 'and (p.created_at, p.id) < (?::timestamptz, ?::uuid)' : ''}
        order by p.created_at desc, p.id desc
        limit ?`,
      [memberId, ...(after ? [after.createdAt, after.id] : []), page.limit + 1],
    );
    const posts = rows.slice(0, page.limit);
    const last = posts.at(-1);
    return {
      posts: posts.map((row) => newsPostFromRow(row, row.liked_by_me)),
      nextCursor: rows.length > page.limit && last ? encodeFeedCursor({ createdAt: last.cursor_at, id: last.id }) : null,
    };
  }
}
