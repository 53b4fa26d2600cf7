import { Query } from '@nestjs/cqrs';
import type { PostCommentsPage, PostCommentsQuery } from '@nocturne/contracts';

export class ListPostCommentsQuery extends Query<PostCommentsPage> {
  constructor(
    readonly postId: string,
    readonly page: PostCommentsQuery,
  ) {
    super();
  }
}
