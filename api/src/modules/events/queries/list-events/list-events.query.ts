import { Query } from '@nestjs/cqrs';
import type { EventsResponse } from '@nocturne/contracts';

/** Every event, for the staff screen. */
export class ListEventsQuery extends Query<EventsResponse> {}
