import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AdminOverview, AdminOverviewQuery, endpoints } from '@nocturne/contracts';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidQuery } from '#common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '#modules/auth/auth.public.js';
import { GetAdminOverviewQuery } from './queries/get-admin-overview/get-admin-overview.query.js';

@Controller()
export class AdminOverviewController {
  constructor(private readonly queries: QueryBus) {}

  @Endpoint(endpoints.getAdminOverview)
  overview(@CurrentMember() staff: AuthenticatedMember, @ValidQuery() query: AdminOverviewQuery): Promise<AdminOverview> {
    return this.queries.execute(new GetAdminOverviewQuery({ id: staff.id, role: staff.role }, query.night, query.venue));
  }
}
