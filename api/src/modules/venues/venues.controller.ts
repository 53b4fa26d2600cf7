import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type AdminVenueList,
  type AdminVenueView,
  CreateVenueRequest,
  endpoints,
  type PublicVenueList,
  UpdateVenueRequest,
  VenueIdParams,
} from '@nocturne/contracts';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidBody, ValidParams } from '#common/http/input.decorators.js';
import { CreateVenueCommand } from './commands/create-venue/create-venue.command.js';
import { SetVenueArchivedCommand } from './commands/set-venue-archived/set-venue-archived.command.js';
import { UpdateVenueCommand } from './commands/update-venue/update-venue.command.js';
import { ListAdminVenuesQuery } from './queries/list-admin-venues/list-admin-venues.query.js';
import { ListVenuesQuery } from './queries/list-venues/list-venues.query.js';

@Controller()
export class VenuesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Endpoint(endpoints.listVenues)
  list(): Promise<PublicVenueList> {
    return this.queries.execute(new ListVenuesQuery());
  }

  @Endpoint(endpoints.listAdminVenues)
  listForStaff(): Promise<AdminVenueList> {
    return this.queries.execute(new ListAdminVenuesQuery());
  }

  @Endpoint(endpoints.createVenue)
  create(@ValidBody() body: CreateVenueRequest): Promise<AdminVenueView> {
    return this.commands.execute(new CreateVenueCommand(body));
  }

  @Endpoint(endpoints.updateVenue)
  update(@ValidParams() params: VenueIdParams, @ValidBody() body: UpdateVenueRequest): Promise<AdminVenueView> {
    return this.commands.execute(new UpdateVenueCommand(params.id, body));
  }

  @Endpoint(endpoints.archiveVenue)
  archive(@ValidParams() params: VenueIdParams): Promise<AdminVenueView> {
    return this.commands.execute(new SetVenueArchivedCommand(params.id, true));
  }

  @Endpoint(endpoints.unarchiveVenue)
  unarchive(@ValidParams() params: VenueIdParams): Promise<AdminVenueView> {
    return this.commands.execute(new SetVenueArchivedCommand(params.id, false));
  }
}
