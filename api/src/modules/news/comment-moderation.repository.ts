import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Database, db } from '@nocturne/db';
import type { CommentVisibility } from '@nocturne/domain';
import { type ExpressionBuilder, sql } from 'kysely';
import type { KeysetPosition } from '../../common/keyset-cursor.js';
import { cursorAtSql, olderThanSql } from '../../common/keyset-page.js';

/** What the moderation list is filtered by; `pattern` is an ILIKE pattern with its wildcards escaped. */
export interface AdminCommentFilter {
  postId?: string;
  memberId?: string;
  pattern: string | null;
  status: CommentVisibility;
}

type AdminCommentTables = Database & { c: Database['news_comments']; m: Database['members'] };

/** The moderation list's conditions: status, post, author, and the search over text, name and e-mail. */
function adminCommentConditions(filter: AdminCommentFilter, after: KeysetPosition | null) {
  return (eb: ExpressionBuilder<AdminCommentTables, 'c' | 'm'>) => {
    const conditions = [];
    if (filter.status === 'visible') conditions.push(eb('c.deleted_at', 'is', null));
    if (filter.status === 'removed') conditions.push(eb('c.deleted_at', 'is not', null));
    if (filter.postId) conditions.push(eb('c.post_id', '=', filter.postId));
    if (filter.memberId) conditions.push(eb('c.author_id', '=', filter.memberId));
    if (filter.pattern !== null) {
      conditions.push(
        eb.or([
          eb('c.content', 'ilike', filter.pattern),
          eb('m.email', 'ilike', filter.pattern),
          eb(sql<string>`${eb.ref('m.first_name')} || ' ' || coalesce(${eb.ref('m.last_name')}, '')`, 'ilike', filter.pattern),
        ]),
      );
    }
    if (after) conditions.push(olderThanSql('c', after));
    return eb.and(conditions);
  };
}

const fullName = (first: string, last: string) => sql<string>`trim(${sql.ref(first)} || ' ' || coalesce(${sql.ref(last)}, ''))`;

/** The staff's comment moderation list. Queries only. */
@Injectable()
export class CommentModerationRepository {
  /**
   * One page of every post's comments for moderation, newest first (the (created_at, id) index, or
   * the post's or author's), with the post's title, the author, what the comment earned (its
   * comment_reward row, found by the ledger's unique key) and, once removed, who removed it and
   * what its reversal took back. `cursor_at` keeps PostgreSQL's microseconds.
   */
  async listForModeration(em: EntityManager, filter: AdminCommentFilter, after: KeysetPosition | null, limit: number) {
    return db(em)
      .selectFrom('news_comments as c')
      .innerJoin('news_posts as p', 'p.id', 'c.post_id')
      .innerJoin('members as m', 'm.id', 'c.author_id')
      .leftJoin('members as staff', 'staff.id', 'c.deleted_by_id')
      .leftJoin('point_transactions as reward', (join) =>
        join
          .onRef('reward.member_id', '=', 'c.author_id')
          .on('reward.kind', '=', 'comment_reward')
          .on((eb) => eb('reward.source_id', '=', eb.cast<string>(eb.ref('c.id'), 'text'))),
      )
      .leftJoin('point_transactions as reversal', 'reversal.reverses_id', 'reward.id')
      .select((eb) => [
        'c.id',
        'c.content',
        'c.created_at',
        'c.deleted_at',
        'c.deleted_by_id',
        cursorAtSql('c.created_at').as('cursor_at'),
        'p.id as post_id',
        'p.title as post_title',
        'm.id as author_id',
        'm.email as author_email',
        'm.current_points as author_current_points',
        fullName('m.first_name', 'm.last_name').as('author_name'),
        fullName('staff.first_name', 'staff.last_name').as('removed_by_name'),
        eb.fn.coalesce('reward.points', eb.lit(0)).as('points_awarded'),
        eb.fn.coalesce(eb.neg('reversal.points'), eb.lit(0)).as('points_reversed'),
      ])
      .where(adminCommentConditions(filter, after))
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute();
  }
}
