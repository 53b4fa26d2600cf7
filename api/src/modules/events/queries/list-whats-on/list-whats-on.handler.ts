import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { WhatsOnResponse } from '@nocturne/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { EventViews } from '#modules/events/event-views.js';
import { ListWhatsOnQuery } from './list-whats-on.query.js';

@QueryHandler(ListWhatsOnQuery)
export class ListWhatsOnHandler implements IQueryHandler<ListWhatsOnQuery, WhatsOnResponse> {
  constructor(
    private readonly em: EntityManager,
    private readonly views: EventViews,
  ) {}

  async execute({ venue }: ListWhatsOnQuery): Promise<WhatsOnResponse> {
    const venueId = await this.views.venueFilter(venue);
    return { nights: await this.views.whatsOn(this.em.fork(), venueId) };
  }
}
