import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { NewsListResponse } from '@nocturne/contracts';
import { keysetPage, keysetPageStart } from '#common/keyset-page.js';
import { newsPostFromRow } from '#modules/news/news-post.js';
import { NewsPostsRepository } from '#modules/news/news-posts.repository.js';
import { ListNewsFeedQuery } from './list-news-feed.query.js';

/** Published posts, newest first, one indexed range scan per page; counts come from the cached columns. */
@QueryHandler(ListNewsFeedQuery)
export class ListNewsFeedHandler implements IQueryHandler<ListNewsFeedQuery, NewsListResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly news: NewsPostsRepository,
  ) {}

  async execute({ memberId, page }: ListNewsFeedQuery): Promise<NewsListResponse> {
    // An empty cursor (`?cursor=`) is the first page, as clients often send it.
    const after = keysetPageStart(page.cursor) ?? null;
    // One row more than the page tells whether there is a next one.
    const rows = await this.news.listFeedPage(this.em, memberId, after, page.limit + 1);
    const { page: posts, nextCursor } = keysetPage(rows, page.limit);
    return {
      posts: posts.map((row) => newsPostFromRow(row, row.liked_by_me)),
      nextCursor,
    };
  }
}
