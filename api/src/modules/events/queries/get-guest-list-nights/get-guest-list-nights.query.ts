import { Query } from '@nestjs/cqrs';
import type { GuestListNights } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';

/** Tonight's guest lists at a venue added up, and last night's no-show, for the overview. */
export class GetGuestListNightsQuery extends Query<GuestListNights> {
  constructor(
    readonly staff: { id: string; role: Role },
    readonly venueId: number | undefined,
  ) {
    super();
  }
}
