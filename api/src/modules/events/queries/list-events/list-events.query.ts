import { Query } from '@nestjs/cqrs';
import type { AdminEventsQuery, EventsResponse } from '@nocturne/contracts';
import type { Staffer } from '#modules/venues/venues.public.js';

/** A page of the events the staffer's venues have (of one venue: its slug or id), for the staff screen. */
export class ListEventsQuery extends Query<EventsResponse> {
  constructor(
    readonly staff: Staffer,
    readonly page: AdminEventsQuery,
  ) {
    super();
  }
}
