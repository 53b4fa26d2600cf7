import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { MyTier } from '@nocturne/contracts';
import { multiplierWords, pointsToTierWords, type Tier, tierLabel, tierProgress, tierToCelebrate } from '@nocturne/domain';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { tierThresholdsFrom } from '#modules/ledger/ledger.public.js';
import { TiersRepository } from '#modules/tiers/tiers.repository.js';
import { GetMyTierQuery } from './get-my-tier.query.js';

/**
 * The member's benefits, the next tier's, how far it is, and a newly reached tier to celebrate
 * once (remembered per member in tier_celebrations).
 */
@QueryHandler(GetMyTierQuery)
export class GetMyTierHandler implements IQueryHandler<GetMyTierQuery, MyTier> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: TiersRepository,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ memberId }: GetMyTierQuery): Promise<MyTier> {
    const em = this.em.fork();
    const row = await this.repository.memberTier(em, memberId);
    const benefits = await this.repository.benefits(em);
    const summary = (tier: Tier) => {
      const benefit = benefits.find((candidate) => candidate.tier === tier)!;
      return { tier, label: tierLabel(tier), benefit: benefit.benefit, multiplierText: multiplierWords(benefit.multiplier) };
    };
    const progress = tierProgress(row.total_points, tierThresholdsFrom(this.config));
    // The cached tier is the ledger's; progress follows the points ever earned.
    const current = row.member_tier;
    const next = progress.tier === current ? progress.nextTier : null;
    return {
      current: summary(current),
      next: next ? summary(next) : null,
      toNext: next ? pointsToTierWords(progress.pointsToNext, next) : null,
      progress: next ? progress.progress : 1,
      celebrate: tierToCelebrate(current, row.celebrated),
    };
  }
}
