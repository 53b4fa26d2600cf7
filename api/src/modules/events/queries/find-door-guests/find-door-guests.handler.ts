import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DoorGuestListMatches } from '@nocturne/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { GuestListAtDoor } from '#modules/events/guest-list-at-door.service.js';
import { StaffVenues } from '#modules/venues/venues.public.js';
import { FindDoorGuestsQuery } from './find-door-guests.query.js';

/** The door's venue (as for a check: one the account works at) and tonight's names on its lists. */
@QueryHandler(FindDoorGuestsQuery)
export class FindDoorGuestsHandler implements IQueryHandler<FindDoorGuestsQuery, DoorGuestListMatches> {
  constructor(
    private readonly em: EntityManager,
    private readonly door: GuestListAtDoor,
    private readonly staffVenues: StaffVenues,
  ) {}

  async execute({ search, staff, venueId }: FindDoorGuestsQuery): Promise<DoorGuestListMatches> {
    const em = this.em.fork();
    const venue = await this.staffVenues.doorVenue(em, staff, venueId);
    return this.door.search(em, venue, search, new Date());
  }
}
