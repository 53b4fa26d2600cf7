import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { CreateNewsPostRequest, UpdateNewsPostRequest } from '@nocturne/contracts';
import { type Database, db, PreparedQuery } from '@nocturne/db';
import type { CommentVisibility } from '@nocturne/domain';
import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import type { KeysetPosition } from '../../common/keyset-cursor.js';
import { NewsFailure, POST_NOT_FOUND } from './news-failure.js';

/** The columns of `news_posts` that make a NewsPost (see `newsPostFromRow`). */
const NEWS_POST_FIELDS = [
  'id',
  'title',
  'content',
  'content_type',
  'featured_image_url',
  'created_at',
  'view_count',
  'like_count',
  'comment_count',
] as const satisfies readonly (keyof Database['news_posts'])[];

export type NewsPostRow = Pick<Selectable<Database['news_posts']>, (typeof NEWS_POST_FIELDS)[number]>;

/** The feed's one query: published posts newest first, after a position when there is one. */
function feedPage(
  kysely: Kysely<Database>,
  memberId: string,
  limit: number,
  after?: { afterCreatedAt: string; afterId: string },
) {
  const page = kysely
    .selectFrom('news_posts as p')
    .select(NEWS_POST_FIELDS)
    .select((eb) => [
      // The cursor's instant as text with PostgreSQL's microseconds, which a JS Date would round away.
      sql<string>`to_char(${eb.ref('p.created_at')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_at'),
      eb
        .exists(
          eb
            .selectFrom('news_likes as l')
            .select(eb.lit(1).as('one'))
            .whereRef('l.post_id', '=', 'p.id')
            .where('l.member_id', '=', memberId),
        )
        .$castTo<boolean>()
        .as('liked_by_me'),
    ])
    .where('p.published_at', '<=', sql<string>`now()`)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit);
  if (!after) return page;
  return page.where((eb) =>
    eb(
      eb.refTuple('p.created_at', 'p.id'),
      '<',
      eb.tuple(eb.cast<string>(eb.val(after.afterCreatedAt), 'timestamptz'), eb.cast<string>(eb.val(after.afterId), 'uuid')),
    ),
  );
}

// The polled reads (the feed, a post's comments) and the published-post check every news command
// makes are compiled once (see PreparedQuery); the other queries are built per call.
const firstFeedPage = new PreparedQuery((kysely, memberId: string, limit: number) => feedPage(kysely, memberId, limit));
const nextFeedPage = new PreparedQuery((kysely, memberId: string, limit: number, afterCreatedAt: string, afterId: string) =>
  feedPage(kysely, memberId, limit, { afterCreatedAt, afterId }),
);

const publishedPost = new PreparedQuery((kysely, postId: string) =>
  kysely
    .selectFrom('news_posts')
    .select(['id', 'title'])
    .where('id', '=', postId)
    .where('published_at', '<=', sql<string>`now()`),
);

/**
 * One page of a post's live comments, oldest first, with their authors' first names: a range scan
 * of news_comments_post_live_idx (post_id, created_at, id) where deleted_at is null, starting after
 * the cursor's position when there is one.
 */
function commentsPage(
  kysely: Kysely<Database>,
  postId: string,
  limit: number,
  after?: { afterCreatedAt: string; afterId: string },
) {
  const page = kysely
    .selectFrom('news_comments as c')
    .innerJoin('members as m', 'm.id', 'c.author_id')
    .select(['c.id', 'c.content', 'c.created_at', 'm.first_name'])
    .select((eb) =>
      sql<string>`to_char(${eb.ref('c.created_at')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_at'),
    )
    .where('c.post_id', '=', postId)
    .where('c.deleted_at', 'is', null)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .limit(limit);
  if (!after) return page;
  return page.where((eb) =>
    eb(
      eb.refTuple('c.created_at', 'c.id'),
      '>',
      eb.tuple(eb.cast<string>(eb.val(after.afterCreatedAt), 'timestamptz'), eb.cast<string>(eb.val(after.afterId), 'uuid')),
    ),
  );
}

const firstCommentsPage = new PreparedQuery((kysely, postId: string, limit: number) => commentsPage(kysely, postId, limit));
const nextCommentsPage = new PreparedQuery((kysely, postId: string, limit: number, afterCreatedAt: string, afterId: string) =>
  commentsPage(kysely, postId, limit, { afterCreatedAt, afterId }),
);

/**
 * A member's comment, like or view inserted as an admin deletes the post: the command found the
 * post, then its insert waited on the deleted row and met the foreign key. That is the same 404
 * as a post that was never there, not a 500.
 */
async function unlessPostDeleted<T>(insert: Promise<T>): Promise<T> {
  try {
    return await insert;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new NewsFailure('not_found', POST_NOT_FOUND);
    throw error;
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  let cause: unknown = error;
  for (let depth = 0; depth < 3 && cause; depth += 1) {
    if (cause instanceof ForeignKeyConstraintViolationException || (cause as { code?: unknown }).code === '23503') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

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
    if (after) {
      conditions.push(
        eb(
          eb.refTuple('c.created_at', 'c.id'),
          '<',
          eb.tuple(eb.cast<string>(eb.val(after.createdAt), 'timestamptz'), eb.cast<string>(eb.val(after.id), 'uuid')),
        ),
      );
    }
    return eb.and(conditions);
  };
}

const fullName = (first: string, last: string) => sql<string>`trim(${sql.ref(first)} || ' ' || coalesce(${sql.ref(last)}, ''))`;

/** The news tables (posts, comments, likes, views) and what a comment's answer shows of its author. Queries only. */
@Injectable()
export class NewsRepository {
  async findPublishedPost(em: EntityManager, postId: string) {
    return publishedPost.first(em, postId);
  }

  /**
   * One page of the feed, newest first: an index range scan on (created_at, id) after `after`,
   * with whether `memberId` likes each post. `cursor_at` keeps PostgreSQL's microseconds.
   */
  async listFeedPage(em: EntityManager, memberId: string, after: KeysetPosition | null, limit: number) {
    return after ? nextFeedPage.rows(em, memberId, limit, after.createdAt, after.id) : firstFeedPage.rows(em, memberId, limit);
  }

  async insertPost(em: EntityManager, authorId: string, input: CreateNewsPostRequest): Promise<NewsPostRow> {
    return db(em)
      .insertInto('news_posts')
      .values({
        title: input.title,
        content: input.content,
        content_type: input.contentType,
        featured_image_url: input.featuredImageUrl,
        author_id: authorId,
      })
      .returning(NEWS_POST_FIELDS)
      .executeTakeFirstOrThrow();
  }

  /** Locks the post's row for an edit or a delete; undefined when there is no such post. */
  async lockPost(em: EntityManager, postId: string): Promise<NewsPostRow | undefined> {
    return db(em).selectFrom('news_posts').select(NEWS_POST_FIELDS).where('id', '=', postId).forUpdate().executeTakeFirst();
  }

  /** Writes the fields given and answers the post as it now is; undefined fields stay (Kysely leaves them out of `set`). */
  async updatePost(em: EntityManager, postId: string, fields: UpdateNewsPostRequest): Promise<NewsPostRow> {
    return db(em)
      .updateTable('news_posts')
      .set({
        title: fields.title,
        content: fields.content,
        content_type: fields.contentType,
        featured_image_url: fields.featuredImageUrl,
      })
      .where('id', '=', postId)
      .returning(NEWS_POST_FIELDS)
      .executeTakeFirstOrThrow();
  }

  /**
   * Locks every comment of the post (live or removed), so a staff comment removal under way
   * finishes first: that one locks the comment, then the post, and the cascade of a post delete
   * takes the same locks in the same order.
   */
  async lockComments(em: EntityManager, postId: string): Promise<void> {
    await db(em).selectFrom('news_comments').select('id').where('post_id', '=', postId).forUpdate().execute();
  }

  /**
   * What deleting the post takes with it: its live comments, and the comment rewards paid on it
   * net of reversals (what its commenters keep). Rewards are found by (author, kind, comment id),
   * the ledger's unique key.
   */
  async summarisePostComments(em: EntityManager, postId: string) {
    return db(em)
      .selectFrom('news_comments as c')
      .leftJoin('point_transactions as reward', (join) =>
        join
          .onRef('reward.member_id', '=', 'c.author_id')
          .on('reward.kind', '=', 'comment_reward')
          .on((eb) => eb('reward.source_id', '=', eb.cast<string>(eb.ref('c.id'), 'text'))),
      )
      .leftJoin('point_transactions as reversal', 'reversal.reverses_id', 'reward.id')
      .select((eb) => [
        sql<number>`count(*) filter (where ${eb.ref('c.deleted_at')} is null)::int`.as('live_comments'),
        sql<number>`(coalesce(sum(${eb.ref('reward.points')}), 0) + coalesce(sum(${eb.ref('reversal.points')}), 0))::int`.as(
          'points_kept',
        ),
      ])
      .where('c.post_id', '=', postId)
      .executeTakeFirstOrThrow();
  }

  /** Deletes the post; its comments, likes and views go with it (foreign keys on delete cascade). */
  async deletePost(em: EntityManager, postId: string): Promise<void> {
    await db(em).deleteFrom('news_posts').where('id', '=', postId).execute();
  }

  /** Whether `key` is an upload the media checks accepted (a finalized `media_uploads` row). */
  async isFinalizedUpload(em: EntityManager, key: string): Promise<boolean> {
    const row = await db(em)
      .selectFrom('media_uploads')
      .select(sql.lit(1).as('one'))
      .where('key', '=', key)
      .where('finalized_at', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Hands an image no post shows any more back to the media cleanup: its upload row becomes
   * unfinalized again, so /media stops serving it at once and the worker's stale-upload purge
   * deletes the object and the row (signed more than a day ago: within the hour). Kept while
   * another post still shows the same path.
   */
  async releaseUpload(em: EntityManager, key: string): Promise<void> {
    await db(em)
      .updateTable('media_uploads')
      .set({ finalized_at: null })
      .where('key', '=', key)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('news_posts').select(sql.lit(1).as('one')).where('featured_image_url', '=', key))),
      )
      .execute();
  }

  /** Up to `limit` of a post's live comments, oldest first, after a position when there is one. */
  async listLiveComments(em: EntityManager, postId: string, after: KeysetPosition | null, limit: number) {
    return after
      ? nextCommentsPage.rows(em, postId, limit, after.createdAt, after.id)
      : firstCommentsPage.rows(em, postId, limit);
  }

  async insertComment(em: EntityManager, postId: string, authorId: string, content: string) {
    return unlessPostDeleted(
      db(em)
        .insertInto('news_comments')
        .values({ post_id: postId, author_id: authorId, content })
        .returning(['id', 'content', 'created_at'])
        .executeTakeFirstOrThrow(),
    );
  }

  /**
   * Soft-deletes a live comment. Conditional on `deleted_at is null`, so of two racing admins
   * exactly one gets the row back; undefined when it was already removed or never existed.
   */
  async softDeleteComment(em: EntityManager, commentId: string, adminId: string) {
    return db(em)
      .updateTable('news_comments as c')
      .from('news_posts as p')
      .set({ deleted_at: sql<string>`now()`, deleted_by_id: adminId })
      .where('c.id', '=', commentId)
      .where('c.deleted_at', 'is', null)
      .whereRef('p.id', '=', 'c.post_id')
      .returning(['c.post_id', 'c.author_id', 'p.title'])
      .executeTakeFirst();
  }

  async commentExists(em: EntityManager, commentId: string): Promise<boolean> {
    const row = await db(em)
      .selectFrom('news_comments')
      .select(sql.lit(1).as('one'))
      .where('id', '=', commentId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async changeCommentCount(em: EntityManager, postId: string, delta: 1 | -1): Promise<void> {
    await db(em)
      .updateTable('news_posts')
      .set((eb) => ({ comment_count: eb('comment_count', '+', delta) }))
      .where('id', '=', postId)
      .execute();
  }

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
        sql<string>`to_char(${eb.ref('c.created_at')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_at'),
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

  /** Removes the member's live comments (text and all); answers the post of each. */
  async removeCommentsOf(em: EntityManager, memberId: string): Promise<string[]> {
    const rows = await db(em)
      .updateTable('news_comments')
      .set({ content: '', deleted_at: sql<string>`now()` })
      .where('author_id', '=', memberId)
      .where('deleted_at', 'is', null)
      .returning('post_id')
      .execute();
    return rows.map((row) => row.post_id);
  }

  /** Blanks the text of every comment of the member, removed ones included. */
  async blankCommentsOf(em: EntityManager, memberId: string): Promise<void> {
    await db(em).updateTable('news_comments').set({ content: '' }).where('author_id', '=', memberId).execute();
  }

  /** Inserts the member's like; false when it was already there (the unique key decides races). */
  async insertLike(em: EntityManager, postId: string, memberId: string): Promise<boolean> {
    const rows = await unlessPostDeleted(
      db(em)
        .insertInto('news_likes')
        .values({ post_id: postId, member_id: memberId })
        .onConflict((oc) => oc.columns(['post_id', 'member_id']).doNothing())
        .returning('id')
        .execute(),
    );
    return rows.length > 0;
  }

  /** Deletes the member's like; false when there was none. */
  async deleteLike(em: EntityManager, postId: string, memberId: string): Promise<boolean> {
    const rows = await db(em)
      .deleteFrom('news_likes')
      .where('post_id', '=', postId)
      .where('member_id', '=', memberId)
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /** Moves the cached like count and answers the new value. */
  async changeLikeCount(em: EntityManager, postId: string, delta: 1 | -1): Promise<number> {
    const row = await db(em)
      .updateTable('news_posts')
      .set((eb) => ({ like_count: eb('like_count', '+', delta) }))
      .where('id', '=', postId)
      .returning('like_count')
      .executeTakeFirstOrThrow();
    return row.like_count;
  }

  async likeCount(em: EntityManager, postId: string): Promise<number> {
    const row = await db(em).selectFrom('news_posts').select('like_count').where('id', '=', postId).executeTakeFirstOrThrow();
    return row.like_count;
  }

  /** Inserts the member's first view of the post; false when they had opened it before. */
  async insertView(em: EntityManager, postId: string, memberId: string): Promise<boolean> {
    const rows = await unlessPostDeleted(
      db(em)
        .insertInto('news_views')
        .values({ post_id: postId, member_id: memberId })
        .onConflict((oc) => oc.columns(['post_id', 'member_id']).doNothing())
        .returning('id')
        .execute(),
    );
    return rows.length > 0;
  }

  async incrementViewCount(em: EntityManager, postId: string): Promise<void> {
    await db(em)
      .updateTable('news_posts')
      .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
      .where('id', '=', postId)
      .execute();
  }

  /** What a comment's answer shows of its author: first name and balances after the reward. */
  async findCommenter(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('members')
      .select(['first_name', 'current_points', 'total_points'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
  }
}
