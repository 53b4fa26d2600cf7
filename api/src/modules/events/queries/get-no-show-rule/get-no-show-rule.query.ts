import { Query } from '@nestjs/cqrs';
import type { NoShowRuleView } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';

/** A venue's no-show rule, if a manager set one (the venue named, else as for a door). */
export class GetNoShowRuleQuery extends Query<NoShowRuleView> {
  constructor(
    readonly staff: { id: string; role: Role },
    readonly venueId: number | undefined,
  ) {
    super();
  }
}
