import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EventsResponse } from '@nocturne/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { EventViews } from '#modules/events/event-views.js';
import { EventsRepository } from '#modules/events/events.repository.js';
import { ListEventsQuery } from './list-events.query.js';

@QueryHandler(ListEventsQuery)
export class ListEventsHandler implements IQueryHandler<ListEventsQuery, EventsResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: EventsRepository,
    private readonly views: EventViews,
  ) {}

  async execute({ staff, venue }: ListEventsQuery): Promise<EventsResponse> {
    const em = this.em.fork();
    const rows = await this.repository.events(em, await this.views.listVenues(em, staff, await this.views.venueFilter(venue)));
    const events = [];
    for (const row of rows) events.push(this.views.view(row, await this.views.venueOf(row)));
    return { events };
  }
}
