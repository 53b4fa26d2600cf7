import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AdminComment, AdminCommentList } from '@nocturne/contracts';
import { containsPattern } from '#common/like-pattern.js';
import { isoTimestamp } from '#common/timestamps.js';
import { keysetPage, keysetPageStart } from '#common/keyset-page.js';
import { CommentModerationRepository } from '#modules/news/comment-moderation.repository.js';
import { CommentTextSample } from '#modules/news/comment-text-sample.service.js';
import { ListAdminCommentsQuery } from './list-admin-comments.query.js';

type ModerationRow = Awaited<ReturnType<CommentModerationRepository['listForModeration']>>[number];

/** Every post's comments newest first, filtered and searched, one page per call (cursor as the feed's). */
@QueryHandler(ListAdminCommentsQuery)
export class ListAdminCommentsHandler implements IQueryHandler<ListAdminCommentsQuery, AdminCommentList> {
  constructor(
    private readonly em: EntityManager,
    private readonly news: CommentModerationRepository,
    private readonly textSample: CommentTextSample,
  ) {}

  async execute({ filter }: ListAdminCommentsQuery): Promise<AdminCommentList> {
    // An empty cursor (`?cursor=`) is the first page, as clients often send it.
    const after = keysetPageStart(filter.cursor) ?? null;
    const rows = await this.news.listForModeration(
      this.em,
      {
        postId: filter.postId,
        memberId: filter.memberId,
        pattern: filter.q ? containsPattern(filter.q) : null,
        textIndexPattern: filter.q ? await this.textSample.indexPatternFor(filter.q) : null,
        status: filter.status,
      },
      after,
      // One row more than the page tells whether there is a next one.
      filter.limit + 1,
    );
    const { page, nextCursor } = keysetPage(rows, filter.limit);
    return {
      comments: page.map(adminComment),
      nextCursor,
    };
  }
}

function adminComment(row: ModerationRow): AdminComment {
  return {
    id: row.id,
    content: row.content,
    createdAt: isoTimestamp(row.created_at),
    post: { id: row.post_id, title: row.post_title },
    author: { id: row.author_id, name: row.author_name, email: row.author_email, currentPoints: row.author_current_points },
    pointsAwarded: row.points_awarded,
    removed: row.deleted_at
      ? {
          at: isoTimestamp(row.deleted_at),
          by: row.deleted_by_id ? { id: row.deleted_by_id, name: row.removed_by_name } : null,
          pointsReversed: row.points_reversed,
        }
      : null,
  };
}
