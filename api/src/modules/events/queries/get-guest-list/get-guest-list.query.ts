import { Query } from '@nestjs/cqrs';
import type { GuestListView } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';

/** A night's guest list with its counts, for staff. */
export class GetGuestListQuery extends Query<GuestListView> {
  constructor(
    readonly eventId: string,
    readonly night: string,
    /** Who asks: a list at a venue the account does not work at is refused. */
    readonly staff: { id: string; role: Role },
  ) {
    super();
  }
}
