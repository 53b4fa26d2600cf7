import { Query } from '@nestjs/cqrs';
import type { DoorGuestListMatches } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';

/** Tonight's guest-list names at the door's venue matching a search, for door mode. */
export class FindDoorGuestsQuery extends Query<DoorGuestListMatches> {
  constructor(
    readonly search: string,
    readonly staff: { id: string; role: Role },
    readonly venueId: number | undefined,
  ) {
    super();
  }
}
