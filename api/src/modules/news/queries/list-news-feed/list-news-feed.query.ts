import { Query } from '@nestjs/cqrs';
import type { NewsListQuery, NewsListResponse } from '@nocturne/contracts';

export class ListNewsFeedQuery extends Query<NewsListResponse> {
  constructor(
    readonly memberId: string,
    readonly page: NewsListQuery,
  ) {
    super();
  }
}
