import type { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PostCommentResponse } from '@nocturne/contracts';
import { clubNightBounds } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { isoTimestamp } from '../../../../common/timestamps.js';
import { type ApiConfig, InjectConfig } from '../../../../config/api-config.js';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { commentRewardPoints } from '../../comment-reward.rule.js';
import { requirePublishedPost } from '../../news-post.repository.js';
import { PostCommentCommand } from './post-comment.command.js';

/**
 * Posts a comment and decides its reward; CommentPosted's in-transaction ledger handler pays it,
 * so the balance in the answer already includes it.
 */
@CommandHandler(PostCommentCommand)
export class PostCommentHandler implements ICommandHandler<PostCommentCommand, PostCommentResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ memberId, postId, content }: PostCommentCommand): Promise<PostCommentResponse> {
    return this.unitOfWork.run(async (tx, raise) => {
      await requirePublishedPost(tx, postId);
      const pointsAwarded = await this.rewardFor(tx, memberId);
      const comment = (
        await tx.execute<{ id: string; content: string; created_at: Date | string }[]>(
          'insert into news_comments (post_id, author_id, content) values (?, ?, ?) returning id, content, created_at',
          [postId, memberId, content],
        )
      )[0]!;
      await tx.execute('update news_posts set comment_count = comment_count + 1 where id = ?', [postId]);
      await raise(domainEvent('CommentPosted', comment.id, { commentId: comment.id, memberId, postId, pointsAwarded }));
      const member = (
        await tx.execute<{ first_name: string; current_points: number; total_points: number }[]>(
          'select first_name, current_points, total_points from members where id = ?',
          [memberId],
        )
      )[0]!;
      return {
        id: comment.id,
        content: comment.content,
        createdAt: isoTimestamp(comment.created_at),
        author: { firstName: member.first_name },
        pointsAwarded,
        currentPoints: member.current_points,
        totalPoints: member.total_points,
      };
    });
  }

  /**
   * Locks the member's row first: their comments then run one at a time, so the count of tonight's
   * rewards cannot be read by two comments at once. The night is the transaction's own clock
   * (now(), which also stamps the ledger row), in venue time.
   */
  private async rewardFor(tx: EntityManager, memberId: string): Promise<number> {
    const locked = (await tx.execute<{ now: Date | string }[]>('select now() as now from members where id = ? for update', [memberId]))[0]!;
    const night = clubNightBounds(new Date(locked.now), this.config.VENUE_TZ);
    const rewarded = (
      await tx.execute<{ count: number }[]>(
        `select count(*)::int as count from point_transactions
          where member_id = ? and kind = 'comment_reward' and created_at >= ?::timestamptz and created_at < ?::timestamptz`,
        [memberId, night.start.toISOString(), night.end.toISOString()],
      )
    )[0]!;
    return commentRewardPoints({
      rewardedTonight: rewarded.count,
      nightlyLimit: this.config.COMMENT_REWARDS_PER_NIGHT,
      pointsPerComment: this.config.POINTS_PER_COMMENT,
    });
  }
}
