import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { NewsLikeResponse } from '@nocturne/contracts';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { requirePublishedPost } from '../../news-post.repository.js';
import { SetPostLikeCommand } from './set-post-like.command.js';

@CommandHandler(SetPostLikeCommand)
export class SetPostLikeHandler implements ICommandHandler<SetPostLikeCommand, NewsLikeResponse> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ memberId, postId, liked }: SetPostLikeCommand): Promise<NewsLikeResponse> {
    return this.unitOfWork.run(async (tx) => {
      await requirePublishedPost(tx, postId);
      // The unique (post, member) key decides races: only a real change moves the cached count.
      const changed = liked
        ? await tx.execute<{ id: string }[]>(
            'insert into news_likes (post_id, member_id) values (?, ?) on conflict (post_id, member_id) do nothing returning id',
            [postId, memberId],
          )
        : await tx.execute<{ id: string }[]>('delete from news_likes where post_id = ? and member_id = ? returning id', [postId, memberId]);
      const rows = changed.length
        ? await tx.execute<{ like_count: number }[]>('update news_posts set like_count = like_count + ? where id = ? returning like_count', [
            liked ? 1 : -1,
            postId,
          ])
        : await tx.execute<{ like_count: number }[]>('select like_count from news_posts where id = ?', [postId]);
      return { postId, likeCount: rows[0]!.like_count, likedByMe: liked };
    });
  }
}
