import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { PromotionTonight } from '@nocturne/contracts';
import { multiplierWords, promotionBadgeWords } from '@nocturne/domain';
import { PromotionViews } from '#modules/tiers/promotion-view.js';
import { GetPromotionTonightQuery } from './get-promotion-tonight.query.js';

@QueryHandler(GetPromotionTonightQuery)
export class GetPromotionTonightHandler implements IQueryHandler<GetPromotionTonightQuery, PromotionTonight> {
  constructor(
    private readonly em: EntityManager,
    private readonly views: PromotionViews,
  ) {}

  async execute(): Promise<PromotionTonight> {
    const running = await this.views.runningTonight(this.em.fork());
    if (!running) return { promotion: null };
    return {
      promotion: {
        name: running.name,
        multiplier: running.multiplier,
        multiplierText: multiplierWords(running.multiplier),
        badge: promotionBadgeWords(running.name, running.multiplier),
      },
    };
  }
}
