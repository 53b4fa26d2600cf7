import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { PromotionsResponse } from '@nocturne/contracts';
import { PromotionViews } from '#modules/tiers/promotion-view.js';
import { TiersRepository } from '#modules/tiers/tiers.repository.js';
import { ListPromotionsQuery } from './list-promotions.query.js';

/** The promotions the manager's list shows (years of weekly nights stay one answer). */
const PROMOTIONS_LIST_LIMIT = 200;

@QueryHandler(ListPromotionsQuery)
export class ListPromotionsHandler implements IQueryHandler<ListPromotionsQuery, PromotionsResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: TiersRepository,
    private readonly views: PromotionViews,
  ) {}

  async execute(): Promise<PromotionsResponse> {
    const em = this.em.fork();
    const rows = await this.repository.promotions(em, { limit: PROMOTIONS_LIST_LIMIT });
    const tonightId = await this.views.tonightId(em);
    return { promotions: rows.map((row) => this.views.view(row, tonightId)) };
  }
}
