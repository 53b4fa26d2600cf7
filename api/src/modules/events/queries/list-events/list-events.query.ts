import { Query } from '@nestjs/cqrs';
import type { EventsResponse } from '@nocturne/contracts';

/** Every event (of one venue: its slug or id), for the staff screen. */
export class ListEventsQuery extends Query<EventsResponse> {
  constructor(readonly venue?: string) {
    super();
  }
}
