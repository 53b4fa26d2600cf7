import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { PublicVenueList } from '@nocturne/contracts';
import { VenueDirectory } from '#modules/venues/venue-directory.service.js';
import { publicVenueView } from '#modules/venues/venue-views.js';
import { ListVenuesQuery } from './list-venues.query.js';

/** The public site's venue list: the open venues in the group's order. */
@QueryHandler(ListVenuesQuery)
export class ListVenuesHandler implements IQueryHandler<ListVenuesQuery, PublicVenueList> {
  constructor(private readonly directory: VenueDirectory) {}

  async execute(): Promise<PublicVenueList> {
    return { venues: (await this.directory.open()).map(publicVenueView) };
  }
}
