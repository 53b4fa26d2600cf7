import { Query } from '@nestjs/cqrs';
import type { InboxCounts } from '@nocturne/contracts';
import type { Staffer } from '#modules/venues/venues.public.js';

/** What waits for `staff`: at the `venue` named (slug or id), else at every venue they work at. */
export class CountWaitingQuery extends Query<InboxCounts> {
  constructor(
    readonly staff: Staffer,
    readonly venue?: string,
  ) {
    super();
  }
}
