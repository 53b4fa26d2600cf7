import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AdminVenueList } from '@nocturne/contracts';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { installVenueDefaults } from '#modules/venues/venue-defaults.js';
import { adminVenueView } from '#modules/venues/venue-views.js';
import { VenuesRepository } from '#modules/venues/venues.repository.js';
import { ListAdminVenuesQuery } from './list-admin-venues.query.js';

/** The Venues screen: every venue, archived ones last within the group's order, read fresh (not the directory's copy). */
@QueryHandler(ListAdminVenuesQuery)
export class ListAdminVenuesHandler implements IQueryHandler<ListAdminVenuesQuery, AdminVenueList> {
  constructor(
    private readonly em: EntityManager,
    private readonly venues: VenuesRepository,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute(): Promise<AdminVenueList> {
    const defaults = installVenueDefaults(this.config);
    const views = (await this.venues.all(this.em.fork())).map((row) => adminVenueView(row, defaults));
    return { venues: [...views.filter((v) => !v.archivedAt), ...views.filter((v) => v.archivedAt)] };
  }
}
