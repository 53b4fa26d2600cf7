import { Query } from '@nestjs/cqrs';
import type { DoorGuestListMatches } from '@nocturne/contracts';

/** Tonight's guest-list names matching a search, for door mode. */
export class FindDoorGuestsQuery extends Query<DoorGuestListMatches> {
  constructor(readonly search: string) {
    super();
  }
}
