import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { CommentRewardsTonight } from '@nocturne/contracts';
import { clubNightBounds } from '@nocturne/domain';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { LedgerService } from '#modules/ledger/ledger.public.js';
import { CommentRewardsTonightQuery } from './comment-rewards-tonight.query.js';

/**
 * How many more comments earn points this club night (venue time), counted as posting a comment
 * counts them: rewards still standing, so one reversed by moderation frees its slot (PRODUCT.md §9);
 * and what the next one pays, multiplied by the member's tier and tonight's promotion (PRODUCT.md §2.5 Tiers).
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
    const base = this.config.POINTS_PER_COMMENT;
    // What the next comment pays: multiplied by the member's tier and tonight's promotion, as posting it would.
    const pointsPerComment =
      base > 0 ? (await this.ledger.quote(this.em, memberId, 'comment_reward', base, this.config.VENUE_TZ)).points : 0;
    return {
      pointsPerComment,
      leftTonight: pointsPerComment > 0 ? Math.max(0, this.config.COMMENT_REWARDS_PER_NIGHT - rewarded) : 0,
    };
  }
}
