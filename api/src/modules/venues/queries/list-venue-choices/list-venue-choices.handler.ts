import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { VenueChoices } from '@nocturne/contracts';
import { StaffVenues } from '#modules/venues/staff-venues.service.js';
import { VenueDirectory } from '#modules/venues/venue-directory.service.js';
import { ListVenueChoicesQuery } from './list-venue-choices.query.js';

@QueryHandler(ListVenueChoicesQuery)
export class ListVenueChoicesHandler implements IQueryHandler<ListVenueChoicesQuery, VenueChoices> {
  constructor(
    private readonly em: EntityManager,
    private readonly venues: VenueDirectory,
    private readonly staffVenues: StaffVenues,
  ) {}

  async execute({ staff }: ListVenueChoicesQuery): Promise<VenueChoices> {
    const scope = await this.staffVenues.scopeOf(this.em, staff);
    return {
      venues: (await this.venues.all()).map((venue) => ({
        id: venue.id,
        name: venue.name,
        archived: venue.archived,
        mine: StaffVenues.covers(scope, venue.id),
      })),
    };
  }
}
