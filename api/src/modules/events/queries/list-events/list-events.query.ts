import { Query } from '@nestjs/cqrs';
import type { EventsResponse } from '@nocturne/contracts';
import type { Staffer } from '#modules/venues/venues.public.js';

/** Every event the staffer's venues have (of one venue: its slug or id), for the staff screen. */
export class ListEventsQuery extends Query<EventsResponse> {
  constructor(
    readonly staff: Staffer,
    readonly venue?: string,
  ) {
    super();
  }
}
