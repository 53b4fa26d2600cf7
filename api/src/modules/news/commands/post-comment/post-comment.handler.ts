import type { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PostCommentResponse } from '@nocturne/contracts';
import { clubNightBounds } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { isoTimestamp } from '#common/timestamps.js';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { LedgerService } from '#modules/ledger/ledger.public.js';
import { commentRewardPoints } from '#modules/news/comment-reward.rule.js';
import { requirePublishedPost } from '#modules/news/news-post.js';
import { NewsPostsRepository } from '#modules/news/news-posts.repository.js';
import { PostCommentsRepository } from '#modules/news/post-comments.repository.js';
import { PostCommentCommand } from './post-comment.command.js';

/**
 * Posts a comment and decides its reward; CommentPosted's in-transaction ledger handler pays it,
 * so the balance in the answer already includes it.
 */
@CommandHandler(PostCommentCommand)
export class PostCommentHandler implements ICommandHandler<PostCommentCommand, PostCommentResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly posts: NewsPostsRepository,
    private readonly comments: PostCommentsRepository,
    private readonly ledger: LedgerService,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ memberId, postId, content }: PostCommentCommand): Promise<PostCommentResponse> {
    return this.unitOfWork.run(async (tx, raise, lastly) => {
      const post = await requirePublishedPost(this.posts, tx, postId);
      const base = await this.rewardFor(tx, memberId);
      // The member's tier and tonight's promotion multiply the reward (PRODUCT.md §2.5 Tiers).
      const earning = base > 0 ? await this.ledger.quote(tx, memberId, 'comment_reward', base, this.config.VENUE_TZ) : null;
      const pointsAwarded = earning?.points ?? 0;
      const comment = await this.comments.insertComment(tx, postId, memberId, content);
      await raise(
        domainEvent('CommentPosted', comment.id, {
          commentId: comment.id,
          memberId,
          postId,
          pointsAwarded,
          postTitle: post.title,
          earning: earning && {
            basePoints: earning.basePoints,
            tierMultiplier: earning.tierMultiplier,
            promotionMultiplier: earning.promotionMultiplier,
            promotionId: earning.promotionId,
          },
        }),
      );
      const member = await this.comments.findCommenter(tx, memberId);
      // Last, after the outbox row, and written with the COMMIT: the post's row is every commenter's
      // hot spot, and its lock lasts until the commit, so it is held for this one statement and the
      // commit, with no wait for this process between them (npm run bench's comment load is where
      // this lock shows).
      lastly(() => this.comments.changeCommentCount(tx, postId, 1), { withCommit: true });
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
    const now = await this.ledger.lockMember(tx, memberId);
    const night = clubNightBounds(new Date(now), this.config.VENUE_TZ);
    const rewardedTonight = await this.ledger.countPaid(tx, memberId, 'comment_reward', night.start, night.end);
    return commentRewardPoints({
      rewardedTonight,
      nightlyLimit: this.config.COMMENT_REWARDS_PER_NIGHT,
      pointsPerComment: this.config.POINTS_PER_COMMENT,
    });
  }
}
