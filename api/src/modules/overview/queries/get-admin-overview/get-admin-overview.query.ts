import { Query } from '@nestjs/cqrs';
import type { AdminOverview } from '@nocturne/contracts';

/** The overview of the week ending with `night` (a club night, YYYY-MM-DD), or with tonight. */
export class GetAdminOverviewQuery extends Query<AdminOverview> {
  constructor(readonly night?: string) {
    super();
  }
}
