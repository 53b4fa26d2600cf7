import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { NamedDoorList } from '@nocturne/contracts';
import { DoorDevicesRepository } from '#modules/door-devices/door-devices.repository.js';
import { namedDoor } from '#modules/door-devices/door-view.js';
import { StaffVenues } from '#modules/venues/venues.public.js';
import { ListNamedDoorsQuery } from './list-named-doors.query.js';

@QueryHandler(ListNamedDoorsQuery)
export class ListNamedDoorsHandler implements IQueryHandler<ListNamedDoorsQuery, NamedDoorList> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: DoorDevicesRepository,
    private readonly staffVenues: StaffVenues,
  ) {}

  async execute({ openOnly, door }: ListNamedDoorsQuery): Promise<NamedDoorList> {
    // A door phone picks among its own venue's doors: the venue its checks are at (400/403 in words as for a check).
    const venueId = door ? (await this.staffVenues.doorVenue(this.em, door, door.venueId)).id : null;
    const doors = await this.repository.doors(this.em, openOnly);
    return { doors: doors.filter((row) => venueId === null || row.venue_id === venueId).map(namedDoor) };
  }
}
