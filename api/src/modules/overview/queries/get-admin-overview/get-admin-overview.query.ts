import { Query } from '@nestjs/cqrs';
import type { AdminOverview } from '@nocturne/contracts';
import type { Staffer } from '#modules/venues/venues.public.js';

/**
 * The overview of the week ending with `night` (a club night, YYYY-MM-DD), or with tonight, as
 * `staff` may see it: of the `venue` named (slug or id), or the group's.
 */
export class GetAdminOverviewQuery extends Query<AdminOverview> {
  constructor(
    readonly staff: Staffer,
    readonly night?: string,
    readonly venue?: string,
  ) {
    super();
  }
}
