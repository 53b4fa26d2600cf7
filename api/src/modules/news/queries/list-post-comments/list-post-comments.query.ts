import { Query } from '@nestjs/cqrs';
import type { NewsComment } from '@nocturne/contracts';

export class ListPostCommentsQuery extends Query<NewsComment[]> {
  constructor(readonly postId: string) {
    super();
  }
}
