import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { NoShowRuleView } from '@nocturne/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { noShowRuleWords } from '@nocturne/domain';
import { GuestListsRepository } from '#modules/events/guest-lists.repository.js';
import { GuestLists } from '#modules/events/guest-lists.service.js';
import { GetNoShowRuleQuery } from './get-no-show-rule.query.js';

@QueryHandler(GetNoShowRuleQuery)
export class GetNoShowRuleHandler implements IQueryHandler<GetNoShowRuleQuery, NoShowRuleView> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: GuestListsRepository,
    private readonly lists: GuestLists,
  ) {}

  async execute({ staff, venueId }: GetNoShowRuleQuery): Promise<NoShowRuleView> {
    const em = this.em.fork();
    const venue = await this.lists.ruleVenue(em, staff, venueId);
    const rule = await this.repository.rule(em, venue.id);
    return { rule, words: rule ? noShowRuleWords(rule) : null };
  }
}
