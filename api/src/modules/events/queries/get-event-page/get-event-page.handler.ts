import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { EventNight } from '@nocturne/contracts';
import { EventViews } from '#modules/events/event-views.js';
import type { VenueRecord } from '#modules/venues/venues.public.js';
import { GetEventPageQuery } from './get-event-page.query.js';

@QueryHandler(GetEventPageQuery)
export class GetEventPageHandler implements IQueryHandler<GetEventPageQuery, { nights: EventNight[]; venue: VenueRecord }> {
  constructor(
    private readonly em: EntityManager,
    private readonly views: EventViews,
  ) {}

  async execute({ key, night }: GetEventPageQuery): Promise<{ nights: EventNight[]; venue: VenueRecord }> {
    const found = await this.views.publishedNight(this.em.fork(), key, night);
    const others = found.coming
      .filter((other) => other !== found.night.night)
      .map((other) => this.views.night(found.row, found.venue, other));
    return { nights: [found.night, ...others], venue: found.venue };
  }
}
