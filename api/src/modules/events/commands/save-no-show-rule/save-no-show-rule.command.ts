import { Command } from '@nestjs/cqrs';
import type { NoShowRuleView } from '@nocturne/contracts';
import type { NoShowRule, Role } from '@nocturne/domain';

/** A manager sets a venue's no-show rule (or removes it): the venue named, else as for a door. */
export class SaveNoShowRuleCommand extends Command<NoShowRuleView> {
  constructor(
    readonly rule: NoShowRule | null,
    readonly staff: { id: string; role: Role },
    readonly venueId: number | undefined,
  ) {
    super();
  }
}
