import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { requirePublishedPost } from '#modules/news/news-post.js';
import { NewsPostsRepository } from '#modules/news/news-posts.repository.js';
import { RecordPostViewCommand } from './record-post-view.command.js';

@CommandHandler(RecordPostViewCommand)
export class RecordPostViewHandler implements ICommandHandler<RecordPostViewCommand, { counted: boolean }> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly news: NewsPostsRepository,
  ) {}

  async execute({ memberId, postId }: RecordPostViewCommand): Promise<{ counted: boolean }> {
    return this.unitOfWork.run(async (tx) => {
      await requirePublishedPost(this.news, tx, postId);
      // Only the first view inserts a row; the count moves with it, in the same transaction.
      if (!(await this.news.insertView(tx, postId, memberId))) return { counted: false };
      await this.news.incrementViewCount(tx, postId);
      return { counted: true };
    });
  }
}
