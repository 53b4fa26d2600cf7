import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { MyGuestLists } from '@nocturne/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { GuestLists } from '#modules/events/guest-lists.service.js';
import { GetMyGuestListsQuery } from './get-my-guest-lists.query.js';

@QueryHandler(GetMyGuestListsQuery)
export class GetMyGuestListsHandler implements IQueryHandler<GetMyGuestListsQuery, MyGuestLists> {
  constructor(
    private readonly em: EntityManager,
    private readonly lists: GuestLists,
  ) {}

  async execute({ memberId }: GetMyGuestListsQuery): Promise<MyGuestLists> {
    return this.lists.mine(this.em.fork(), memberId, new Date());
  }
}
