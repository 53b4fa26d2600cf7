import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { CreateNewsPostRequest, UpdateNewsPostRequest } from '@nocturne/contracts';
import { type Database, db, PreparedQuery } from '@nocturne/db';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { KeysetPosition } from '#common/keyset-cursor.js';
import { cursorAtSql, olderThanSql } from '#common/keyset-page.js';
import { unlessPostDeleted } from './unless-post-deleted.js';

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
function feedPage(kysely: Kysely<Database>, memberId: string, limit: number, after?: KeysetPosition) {
  const page = kysely
    .selectFrom('news_posts as p')
    .select(NEWS_POST_FIELDS)
    .select((eb) => [
      cursorAtSql('p.created_at').as('cursor_at'),
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
      // The venues the post is about (empty: the whole group's).
      sql<number[]>`array(select v.venue_id from news_post_venues v where v.post_id = p.id order by v.venue_id)`.as('venue_ids'),
    ])
    .where('p.published_at', '<=', sql<string>`now()`)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit);
  return after ? page.where(olderThanSql('p', after)) : page;
}

// The polled reads (the feed, a post's comments) and the published-post check every news command
// makes are compiled once (see PreparedQuery); the other queries are built per call.
const firstFeedPage = new PreparedQuery((kysely, memberId: string, limit: number) => feedPage(kysely, memberId, limit));
const nextFeedPage = new PreparedQuery((kysely, memberId: string, limit: number, afterCreatedAt: string, afterId: string) =>
  feedPage(kysely, memberId, limit, { createdAt: afterCreatedAt, id: afterId }),
);

const publishedPost = new PreparedQuery((kysely, postId: string) =>
  kysely
    .selectFrom('news_posts')
    .select(['id', 'title'])
    .where('id', '=', postId)
    .where('published_at', '<=', sql<string>`now()`),
);

/** The posts: the feed, the staff's edits and deletes, likes and views. Queries only. */
@Injectable()
export class NewsPostsRepository {
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
}
