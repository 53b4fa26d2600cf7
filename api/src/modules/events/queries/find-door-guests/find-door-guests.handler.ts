import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DoorGuestListMatches } from '@nocturne/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { GuestListAtDoor } from '#modules/events/guest-list-at-door.service.js';
import { FindDoorGuestsQuery } from './find-door-guests.query.js';

@QueryHandler(FindDoorGuestsQuery)
export class FindDoorGuestsHandler implements IQueryHandler<FindDoorGuestsQuery, DoorGuestListMatches> {
  constructor(
    private readonly em: EntityManager,
    private readonly door: GuestListAtDoor,
  ) {}

  async execute({ search }: FindDoorGuestsQuery): Promise<DoorGuestListMatches> {
    return this.door.search(this.em.fork(), search, new Date());
  }
}
