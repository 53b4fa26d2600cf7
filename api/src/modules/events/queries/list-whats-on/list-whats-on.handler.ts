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

  async execute(): Promise<WhatsOnResponse> {
    return { nights: await this.views.whatsOn(this.em.fork()) };
  }
}
