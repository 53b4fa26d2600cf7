import { Command } from '@nestjs/cqrs';
import type { NoShowRuleView } from '@nocturne/contracts';
import type { NoShowRule } from '@nocturne/domain';

/** A manager sets the no-show rule (or removes it). */
export class SaveNoShowRuleCommand extends Command<NoShowRuleView> {
  constructor(readonly rule: NoShowRule | null) {
    super();
  }
}
