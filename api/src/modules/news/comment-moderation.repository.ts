import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Database, db } from '@nocturne/db';
import type { CommentVisibility } from '@nocturne/domain';
import { type Expression, type ExpressionBuilder, type Kysely, sql, type SqlBool } from 'kysely';
import type { KeysetPosition } from '#common/keyset-cursor.js';
import { cursorAtSql, olderThanSql } from '#common/keyset-page.js';

/**
 * What the moderation list is filtered by; `pattern` is an ILIKE pattern with its wildcards escaped,
 * `textIndexPattern` a looser one the comment text's trigram index is searched with when the
 * search's common words are better left to the recheck (CommentTextSample).
 */
export interface AdminCommentFilter {
  postId?: string;
  memberId?: string;
  pattern: string | null;
  textIndexPattern?: string | null;
  status: CommentVisibility;
}

type CommentTables = Database & { c: Database['news_comments'] };

/** The moderation list's conditions on the comment itself: status, post, author and the page's start. */
function commentConditions(filter: AdminCommentFilter, after: KeysetPosition | null) {
  return (eb: ExpressionBuilder<CommentTables, 'c'>) => {
    const conditions = [];
    if (filter.status === 'visible') conditions.push(eb('c.deleted_at', 'is', null));
    if (filter.status === 'removed') conditions.push(eb('c.deleted_at', 'is not', null));
    if (filter.postId) conditions.push(eb('c.post_id', '=', filter.postId));
    if (filter.memberId) conditions.push(eb('c.author_id', '=', filter.memberId));
    if (after) conditions.push(olderThanSql('c', after));
    return eb.and(conditions);
  };
}

/**
 * The ids of the page's comments when the staff search: the newest `limit` whose text contains the
 * words (news_comments_content_trgm_idx) merged with the newest `limit` by an author whose e-mail
 * or name contains them (the members' trigram indexes, then news_comments_author_created_idx).
 * Two indexed halves: one OR across the comment and its joined author could use neither index,
 * and walked every comment newest first until the page filled (seconds for a rare phrase).
 */
function searchedIds(
  kysely: Kysely<Database>,
  filter: AdminCommentFilter,
  pattern: string,
  after: KeysetPosition | null,
  limit: number,
) {
  const newest = (match: (eb: ExpressionBuilder<CommentTables, 'c'>) => Expression<SqlBool>) =>
    kysely
      .selectFrom('news_comments as c')
      .select('c.id')
      .where(commentConditions(filter, after))
      .where(match)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit);
  const byText = newest((eb) =>
    filter.textIndexPattern
      ? eb.and([
          eb('c.content', 'ilike', filter.textIndexPattern),
          // The whole pattern on an expression the index does not hold: a recheck of the rows found,
          // not more trigrams for the index to walk.
          eb(sql<string>`${eb.ref('c.content')} || ''`, 'ilike', pattern),
        ])
      : eb('c.content', 'ilike', pattern),
  );
  const byAuthor = newest((eb) =>
    eb(
      'c.author_id',
      'in',
      eb
        .selectFrom('members as m')
        .select('m.id')
        // The trigram indexes hold live accounts only; an erased one has no name or e-mail left to find.
        .where('m.deleted_at', 'is', null)
        .where((m) =>
          m.or([
            m('m.email', 'ilike', pattern),
            m(sql<string>`${m.ref('m.first_name')} || ' ' || coalesce(${m.ref('m.last_name')}, '')`, 'ilike', pattern),
          ]),
        ),
    ),
  );
  return kysely
    .selectFrom(byText.as('by_text'))
    .select('by_text.id')
    .union(kysely.selectFrom(byAuthor.as('by_author')).select('by_author.id'));
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
      .where((eb) =>
        filter.pattern === null
          ? commentConditions(filter, after)(eb)
          : eb('c.id', 'in', searchedIds(db(em), filter, filter.pattern, after, limit)),
      )
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute();
  }
}
