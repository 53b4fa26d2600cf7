import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EventsResponse } from '@nocturne/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { keysetPage, keysetPageStart } from '#common/keyset-page.js';
import { EventViews } from '#modules/events/event-views.js';
import { EventsRepository } from '#modules/events/events.repository.js';
import { ListEventsQuery } from './list-events.query.js';

/** The staff list of events, the latest night first, a page at a time (as the other staff lists page). */
@QueryHandler(ListEventsQuery)
export class ListEventsHandler implements IQueryHandler<ListEventsQuery, EventsResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: EventsRepository,
    private readonly views: EventViews,
  ) {}

  async execute({ staff, page: { venue, limit, cursor } }: ListEventsQuery): Promise<EventsResponse> {
    const after = keysetPageStart(cursor);
    const em = this.em.fork();
    const venueIds = await this.views.listVenues(em, staff, await this.views.venueFilter(venue));
    const { page, nextCursor } = keysetPage(await this.repository.events(em, { venueIds, after, limit: limit + 1 }), limit);
    const events = [];
    for (const row of page) events.push(this.views.view(row, await this.views.venueOf(row)));
    return { events, nextCursor };
  }
}
