import { Query } from '@nestjs/cqrs';
import type { VenueChoices } from '@nocturne/contracts';
import type { Staffer } from '#modules/venues/staff-venues.service.js';

/** The group's venues as a staffer's screens offer them. */
export class ListVenueChoicesQuery extends Query<VenueChoices> {
  constructor(readonly staff: Staffer) {
    super();
  }
}
