import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { WhatsOnResponse } from '@nocturne/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { EventViews } from '#modules/events/event-views.js';
import { GetEventNightQuery } from './get-event-night.query.js';

@QueryHandler(GetEventNightQuery)
export class GetEventNightHandler implements IQueryHandler<GetEventNightQuery, WhatsOnResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly views: EventViews,
  ) {}

  async execute({ key, night }: GetEventNightQuery): Promise<WhatsOnResponse> {
    const found = await this.views.publishedNight(this.em.fork(), key, night);
    const others = found.coming
      .filter((other) => other !== found.night.night)
      .map((other) => this.views.night(found.row, found.venue, other));
    return { nights: [found.night, ...others] };
  }
}
