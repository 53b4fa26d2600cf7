import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { NoShowRuleView } from '@nocturne/contracts';
import { FIRST_VENUE_ID, noShowRuleWords } from '@nocturne/domain';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { EventsRepository } from '#modules/events/events.repository.js';
import { SaveNoShowRuleCommand } from './save-no-show-rule.command.js';

@CommandHandler(SaveNoShowRuleCommand)
export class SaveNoShowRuleHandler implements ICommandHandler<SaveNoShowRuleCommand, NoShowRuleView> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: EventsRepository,
    private readonly audit: AuditService,
  ) {}

  async execute({ rule }: SaveNoShowRuleCommand): Promise<NoShowRuleView> {
    return this.unitOfWork.run(async (tx) => {
      const before = await this.repository.rule(tx, FIRST_VENUE_ID);
      await this.repository.saveRule(tx, FIRST_VENUE_ID, rule);
      await this.audit.record(tx, {
        action: 'guest_list.rule',
        targetType: 'guest_list_rule',
        targetId: String(FIRST_VENUE_ID),
        before: { rule: before },
        after: { rule },
      });
      return { rule, words: rule ? noShowRuleWords(rule) : null };
    });
  }
}
