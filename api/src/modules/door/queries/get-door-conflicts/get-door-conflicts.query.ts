import { Query } from '@nestjs/cqrs';
import type { DoorConflicts } from '@nocturne/contracts';
import type { Staffer } from '#modules/venues/venues.public.js';

/** Tonight's conflicts from offline doors at the staffer's venues, or at the one venue named. */
export class GetDoorConflictsQuery extends Query<DoorConflicts> {
  constructor(
    readonly staff: Staffer,
    readonly venueId: number | undefined,
  ) {
    super();
  }
}
