import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AdminComment, AdminCommentList } from '@nocturne/contracts';
import { ValidationFailedException } from '../../../../common/http/zod-validation.pipe.js';
import { containsPattern } from '../../../../common/like-pattern.js';
import { isoTimestamp } from '../../../../common/timestamps.js';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../../../common/keyset-cursor.js';
import { NewsRepository } from '../../news.repository.js';
import { ListAdminCommentsQuery } from './list-admin-comments.query.js';

type ModerationRow = Awaited<ReturnType<NewsRepository['listForModeration']>>[number];

/** Every post's comments newest first, filtered and searched, one page per call (cursor as the feed's). */
@QueryHandler(ListAdminCommentsQuery)
export class ListAdminCommentsHandler implements IQueryHandler<ListAdminCommentsQuery, AdminCommentList> {
  constructor(
    private readonly em: EntityManager,
    private readonly news: NewsRepository,
  ) {}

  async execute({ filter }: ListAdminCommentsQuery): Promise<AdminCommentList> {
    const after = filter.cursor ? decodeKeysetCursor(filter.cursor) : null;
    if (filter.cursor && !after) {
      throw new ValidationFailedException([{ path: 'cursor', message: 'is not a cursor from a previous page' }]);
    }
    const rows = await this.news.listForModeration(
      this.em,
      {
        postId: filter.postId,
        memberId: filter.memberId,
        pattern: filter.q ? containsPattern(filter.q) : null,
        status: filter.status,
      },
      after,
      // One row more than the page tells whether there is a next one.
      filter.limit + 1,
    );
    const page = rows.slice(0, filter.limit);
    const last = page.at(-1);
    return {
      comments: page.map(adminComment),
      nextCursor: rows.length > filter.limit && last ? encodeKeysetCursor({ createdAt: last.cursor_at, id: last.id }) : null,
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
