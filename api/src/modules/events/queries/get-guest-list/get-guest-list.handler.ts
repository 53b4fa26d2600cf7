import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { GuestListView } from '@nocturne/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { GuestLists } from '#modules/events/guest-lists.service.js';
import { GetGuestListQuery } from './get-guest-list.query.js';

@QueryHandler(GetGuestListQuery)
export class GetGuestListHandler implements IQueryHandler<GetGuestListQuery, GuestListView> {
  constructor(
    private readonly em: EntityManager,
    private readonly lists: GuestLists,
  ) {}

  async execute({ eventId, night, staff }: GetGuestListQuery): Promise<GuestListView> {
    const em = this.em.fork();
    await this.lists.staffNight(em, staff, eventId, night);
    return this.lists.staffView(em, eventId, night, new Date());
  }
}
