import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { endpoints, type VenueChoices } from '@nocturne/contracts';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { type AuthenticatedMember, CurrentMember } from '#modules/auth/auth.public.js';
import { ListVenueChoicesQuery } from './queries/list-venue-choices/list-venue-choices.query.js';

/** The venues staff screens offer (editors' venue checkboxes, the Staff screen's grants). */
@Controller()
export class VenueChoicesController {
  constructor(private readonly queries: QueryBus) {}

  @Endpoint(endpoints.listVenueChoices)
  list(@CurrentMember() staff: AuthenticatedMember): Promise<VenueChoices> {
    return this.queries.execute(new ListVenueChoicesQuery({ id: staff.id, role: staff.role }));
  }
}
