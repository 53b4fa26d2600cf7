import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { CommentRewardsTonight } from '@nocturne/contracts';
import { clubNightBounds } from '@nocturne/domain';
import { type ApiConfig, InjectConfig } from '../../../../config/api-config.js';
import { LedgerService } from '../../../ledger/ledger.public.js';
import { CommentRewardsTonightQuery } from './comment-rewards-tonight.query.js';

/**
 * How many more comments earn points this club night (venue time), counted as posting a comment
 * counts them: rewards still standing, so one reversed by moderation frees its slot (PRODUCT.md §9).
 */
@QueryHandler(CommentRewardsTonightQuery)
export class CommentRewardsTonightHandler implements IQueryHandler<CommentRewardsTonightQuery, CommentRewardsTonight> {
  constructor(
    private readonly em: EntityManager,
    private readonly ledger: LedgerService,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ memberId }: CommentRewardsTonightQuery): Promise<CommentRewardsTonight> {
    const night = clubNightBounds(new Date(), this.config.VENUE_TZ);
    const rewarded = await this.ledger.countPaid(this.em, memberId, 'comment_reward', night.start, night.end);
    const pointsPerComment = this.config.POINTS_PER_COMMENT;
    return {
      pointsPerComment,
      leftTonight: pointsPerComment > 0 ? Math.max(0, this.config.COMMENT_REWARDS_PER_NIGHT - rewarded) : 0,
    };
  }
}
