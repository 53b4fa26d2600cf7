import { EntityManager } from '@mikro-orm/postgresql';
import { Controller } from '@nestjs/common';
import { CelebratedTierRequest, endpoints, type MyTier, type SuccessResponse } from '@nocturne/contracts';
import {
  multiplierWords,
  pointsToTierWords,
  type Tier,
  tierLabel,
  tierProgress,
  tierRank,
  tierToCelebrate,
} from '@nocturne/domain';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidBody } from '../../common/http/input.decorators.js';
import { type ApiConfig, InjectConfig } from '../../config/api-config.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { tierThresholdsFrom } from '../ledger/ledger.public.js';
import { type TierBenefitRow, TiersRepository } from './tiers.repository.js';

/**
 * The members area's tier panel (PRODUCT.md §2.5 Tiers): the member's benefits, the next tier's, how far
 * it is, and a newly reached tier to celebrate once (remembered per member in tier_celebrations).
 */
@Controller()
export class MyTierController {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: TiersRepository,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  @Endpoint(endpoints.getMyTier)
  async mine(@CurrentMember() member: AuthenticatedMember): Promise<MyTier> {
    const em = this.em.fork();
    const row = await this.repository.memberTier(em, member.id);
    const benefits = await this.repository.benefits(em);
    const summary = (tier: Tier) => {
      const benefit = benefits.find((candidate: TierBenefitRow) => candidate.tier === tier)!;
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

  @Endpoint(endpoints.acknowledgeTierCelebration)
  async celebrated(
    @CurrentMember() member: AuthenticatedMember,
    @ValidBody() body: CelebratedTierRequest,
  ): Promise<SuccessResponse> {
    await this.em.fork().transactional(async (tx) => {
      const row = await this.repository.memberTier(tx, member.id);
      // Never above the tier the member has, never below one already celebrated.
      const tier = tierRank(body.tier) > tierRank(row.member_tier) ? row.member_tier : body.tier;
      if (row.celebrated && tierRank(row.celebrated) >= tierRank(tier)) return;
      await this.repository.saveCelebrated(tx, member.id, tier);
    });
    return { success: true };
  }
}
