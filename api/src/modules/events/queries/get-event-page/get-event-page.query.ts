import { Query } from '@nestjs/cqrs';
import type { EventNight } from '@nocturne/contracts';
import type { VenueRecord } from '#modules/venues/venues.public.js';

/** An event's page: the night shown first, then its other coming nights, and its venue (for the JSON-LD's location). */
export class GetEventPageQuery extends Query<{ nights: EventNight[]; venue: VenueRecord }> {
  constructor(
    readonly key: string,
    readonly night: string | undefined,
  ) {
    super();
  }
}
