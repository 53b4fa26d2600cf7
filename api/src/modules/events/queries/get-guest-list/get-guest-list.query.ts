import { Query } from '@nestjs/cqrs';
import type { GuestListView } from '@nocturne/contracts';

/** A night's guest list with its counts, for staff. */
export class GetGuestListQuery extends Query<GuestListView> {
  constructor(
    readonly eventId: string,
    readonly night: string,
  ) {
    super();
  }
}
