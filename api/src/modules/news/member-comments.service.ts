import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PostCommentsRepository } from './post-comments.repository.js';

/** What another module may do to a member's comments: account deletion empties them here, not in its own queries. */
@Injectable()
export class MemberCommentsService {
  constructor(private readonly news: PostCommentsRepository) {}

  /**
   * Removes the member's live comments (each post's comment count drops with them) and blanks the
   * text of every comment of theirs, removed ones included. Runs in the caller's transaction.
   */
  async eraseAllOf(tx: EntityManager, memberId: string): Promise<void> {
    const postIds = await this.news.removeCommentsOf(tx, memberId);
    for (const postId of postIds) await this.news.changeCommentCount(tx, postId, -1);
    await this.news.blankCommentsOf(tx, memberId);
  }
}
