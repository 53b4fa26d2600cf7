import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { NewsLikeResponse } from '@nocturne/contracts';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { requirePublishedPost } from '#modules/news/news-post.js';
import { NewsPostsRepository } from '#modules/news/news-posts.repository.js';
import { SetPostLikeCommand } from './set-post-like.command.js';

@CommandHandler(SetPostLikeCommand)
export class SetPostLikeHandler implements ICommandHandler<SetPostLikeCommand, NewsLikeResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly news: NewsPostsRepository,
  ) {}

  async execute({ memberId, postId, liked }: SetPostLikeCommand): Promise<NewsLikeResponse> {
    return this.unitOfWork.run(async (tx) => {
      await requirePublishedPost(this.news, tx, postId);
      // The unique (post, member) key decides races: only a real change moves the cached count.
      const changed = liked ? await this.news.insertLike(tx, postId, memberId) : await this.news.deleteLike(tx, postId, memberId);
      const likeCount = changed
        ? await this.news.changeLikeCount(tx, postId, liked ? 1 : -1)
        : await this.news.likeCount(tx, postId);
      return { postId, likeCount, likedByMe: liked };
    });
  }
}
