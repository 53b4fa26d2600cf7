import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { NoShowRuleView } from '@nocturne/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { noShowRuleWords } from '@nocturne/domain';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { GuestListsRepository } from '#modules/events/guest-lists.repository.js';
import { GuestLists } from '#modules/events/guest-lists.service.js';
import { SaveNoShowRuleCommand } from './save-no-show-rule.command.js';

@CommandHandler(SaveNoShowRuleCommand)
export class SaveNoShowRuleHandler implements ICommandHandler<SaveNoShowRuleCommand, NoShowRuleView> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: GuestListsRepository,
    private readonly audit: AuditService,
    private readonly em: EntityManager,
    private readonly lists: GuestLists,
  ) {}

  async execute({ rule, staff, venueId }: SaveNoShowRuleCommand): Promise<NoShowRuleView> {
    // Read before the transaction, so it waits on no second connection.
    const venue = await this.lists.ruleVenue(this.em.fork(), staff, venueId);
    return this.unitOfWork.run(async (tx) => {
      const before = await this.repository.rule(tx, venue.id);
      await this.repository.saveRule(tx, venue.id, rule);
      await this.audit.record(tx, {
        action: 'guest_list.rule',
        targetType: 'guest_list_rule',
        targetId: String(venue.id),
        before: { rule: before },
        after: { rule },
      });
      return { rule, words: rule ? noShowRuleWords(rule) : null };
    });
  }
}
