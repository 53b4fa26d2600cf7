import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { TierBenefitsResponse } from '@nocturne/contracts';
import { benefitView } from '#modules/tiers/tier-benefit-view.js';
import { TiersRepository } from '#modules/tiers/tiers.repository.js';
import { ListTierBenefitsQuery } from './list-tier-benefits.query.js';

@QueryHandler(ListTierBenefitsQuery)
export class ListTierBenefitsHandler implements IQueryHandler<ListTierBenefitsQuery, TierBenefitsResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: TiersRepository,
  ) {}

  async execute(): Promise<TierBenefitsResponse> {
    return { tiers: (await this.repository.benefits(this.em.fork())).map(benefitView) };
  }
}
