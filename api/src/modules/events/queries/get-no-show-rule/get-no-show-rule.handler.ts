import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { NoShowRuleView } from '@nocturne/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { FIRST_VENUE_ID, noShowRuleWords } from '@nocturne/domain';
import { EventsRepository } from '#modules/events/events.repository.js';
import { GetNoShowRuleQuery } from './get-no-show-rule.query.js';

@QueryHandler(GetNoShowRuleQuery)
export class GetNoShowRuleHandler implements IQueryHandler<GetNoShowRuleQuery, NoShowRuleView> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: EventsRepository,
  ) {}

  async execute(): Promise<NoShowRuleView> {
    const rule = await this.repository.rule(this.em.fork(), FIRST_VENUE_ID);
    return { rule, words: rule ? noShowRuleWords(rule) : null };
  }
}
