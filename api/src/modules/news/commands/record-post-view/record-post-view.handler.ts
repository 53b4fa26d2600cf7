import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { requirePublishedPost } from '../../news-post.repository.js';
import { RecordPostViewCommand } from './record-post-view.command.js';

@CommandHandler(RecordPostViewCommand)
export class RecordPostViewHandler implements ICommandHandler<RecordPostViewCommand, { counted: boolean }> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ memberId, postId }: RecordPostViewCommand): Promise<{ counted: boolean }> {
    return this.unitOfWork.run(async (tx) => {
      await requirePublishedPost(tx, postId);
      // Only the first view inserts a row; the count moves with it, in the same transaction.
      const inserted = await tx.execute<{ id: string }[]>(
        'insert into news_views (post_id, member_id) values (?, ?) on conflict (post_id, member_id) do nothing returning id',
        [postId, memberId],
      );
      if (!inserted.length) return { counted: false };
      await tx.execute('update news_posts set view_count = view_count + 1 where id = ?', [postId]);
      return { counted: true };
    });
  }
}
