import { Query } from '@nestjs/cqrs';
import type { AdminCommentList, AdminCommentsQuery } from '@nocturne/contracts';

/** The moderation screen's page of comments (every post, removed ones on request). */
export class ListAdminCommentsQuery extends Query<AdminCommentList> {
  constructor(readonly filter: AdminCommentsQuery) {
    super();
  }
}
