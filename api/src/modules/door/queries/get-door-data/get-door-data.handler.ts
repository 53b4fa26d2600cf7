import { IsolationLevel } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { DoorData } from '@nocturne/contracts';
import { DoorDataService } from '#modules/door/offline/door-data.service.js';
import { StaffVenues, VenueDirectory } from '#modules/venues/venues.public.js';
import { GetDoorDataQuery } from './get-door-data.query.js';

/**
 * Tonight's door data at the door's venue (the one a check there would be at: 400/403 in words as
 * for a check), read in one repeatable-read snapshot so its parts agree with its cursor.
 */
@QueryHandler(GetDoorDataQuery)
export class GetDoorDataHandler implements IQueryHandler<GetDoorDataQuery, DoorData> {
  constructor(
    private readonly em: EntityManager,
    private readonly data: DoorDataService,
    private readonly staffVenues: StaffVenues,
    private readonly directory: VenueDirectory,
  ) {}

  async execute({ staffId, since, staffRole, venueId }: GetDoorDataQuery): Promise<DoorData> {
    const venue = await this.staffVenues.doorVenue(this.em, { id: staffId, role: staffRole }, venueId);
    const group = await this.directory.all();
    return this.em.fork().transactional((tx) => this.data.read(tx, staffId, since, venue, group), {
      readOnly: true,
      isolationLevel: IsolationLevel.REPEATABLE_READ,
    });
  }
}
