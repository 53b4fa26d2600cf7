import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Database, db, PreparedQuery } from '@nocturne/db';
import { type Kysely, sql } from 'kysely';
import type { KeysetPosition } from '#common/keyset-cursor.js';
import { cursorAtSql, newerThanSql } from '#common/keyset-page.js';
import { unlessPostDeleted } from './unless-post-deleted.js';

/**
 * One page of a post's live comments, oldest first, with their authors' first names: a range scan
 * of news_comments_post_created_id_idx (post_id, created_at, id) skipping removed ones, starting
 * after the cursor's position when there is one.
 */
function commentsPage(kysely: Kysely<Database>, postId: string, limit: number, after?: KeysetPosition) {
  const page = kysely
    .selectFrom('news_comments as c')
    .innerJoin('members as m', 'm.id', 'c.author_id')
    .select(['c.id', 'c.content', 'c.created_at', 'm.first_name'])
    .select(cursorAtSql('c.created_at').as('cursor_at'))
    .where('c.post_id', '=', postId)
    .where('c.deleted_at', 'is', null)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .limit(limit);
  return after ? page.where(newerThanSql('c', after)) : page;
}

const firstCommentsPage = new PreparedQuery((kysely, postId: string, limit: number) => commentsPage(kysely, postId, limit));
const nextCommentsPage = new PreparedQuery((kysely, postId: string, limit: number, afterCreatedAt: string, afterId: string) =>
  commentsPage(kysely, postId, limit, { createdAt: afterCreatedAt, id: afterId }),
);

// The statements every comment runs, compiled once (PreparedQuery): posting is the busiest write.
const newComment = new PreparedQuery((kysely, postId: string, authorId: string, content: string) =>
  kysely
    .insertInto('news_comments')
    .values({ post_id: postId, author_id: authorId, content })
    .returning(['id', 'content', 'created_at']),
);
const commentCountChange = new PreparedQuery((kysely, postId: string, delta: number) =>
  kysely
    .updateTable('news_posts')
    .set((eb) => ({ comment_count: eb('comment_count', '+', delta) }))
    .where('id', '=', postId),
);
const commenter = new PreparedQuery((kysely, memberId: string) =>
  kysely.selectFrom('members').select(['first_name', 'current_points', 'total_points']).where('id', '=', memberId),
);

/** A post's comments: the members' list, posting, staff removal, and a member's erasure. Queries only. */
@Injectable()
export class PostCommentsRepository {
  /** Up to `limit` of a post's live comments, oldest first, after a position when there is one. */
  async listLiveComments(em: EntityManager, postId: string, after: KeysetPosition | null, limit: number) {
    return after
      ? nextCommentsPage.rows(em, postId, limit, after.createdAt, after.id)
      : firstCommentsPage.rows(em, postId, limit);
  }

  async insertComment(em: EntityManager, postId: string, authorId: string, content: string) {
    return unlessPostDeleted(newComment.only(em, postId, authorId, content));
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
    await commentCountChange.rows(em, postId, delta);
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
  /** What a comment's answer shows of its author: first name and balances after the reward. */
  async findCommenter(em: EntityManager, memberId: string) {
    return commenter.only(em, memberId);
  }
}
