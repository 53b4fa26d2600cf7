import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { NewsListResponse } from '@nocturne/contracts';
import { keysetPage, keysetPageStart } from '#common/keyset-page.js';
import { newsPostFromRow } from '#modules/news/news-post.js';
import { NewsPostVenues } from '#modules/news/news-post-venues.service.js';
import { NewsPostsRepository } from '#modules/news/news-posts.repository.js';
import { ListNewsFeedQuery } from './list-news-feed.query.js';

/** Published posts, newest first, one indexed range scan per page; counts come from the cached columns. */
@QueryHandler(ListNewsFeedQuery)
export class ListNewsFeedHandler implements IQueryHandler<ListNewsFeedQuery, NewsListResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly news: NewsPostsRepository,
    private readonly venues: NewsPostVenues,
  ) {}

  async execute({ memberId, page }: ListNewsFeedQuery): Promise<NewsListResponse> {
    // An empty cursor (`?cursor=`) is the first page, as clients often send it.
    const after = keysetPageStart(page.cursor) ?? null;
    // One row more than the page tells whether there is a next one.
    const rows = await this.news.listFeedPage(this.em, memberId, after, page.limit + 1);
    const { page: posts, nextCursor } = keysetPage(rows, page.limit);
    // Every member sees every post; one about chosen venues names them.
    return {
      posts: await Promise.all(posts.map((row) => this.venues.named(newsPostFromRow(row, row.liked_by_me), row.venue_ids))),
      nextCursor,
    };
  }
}
