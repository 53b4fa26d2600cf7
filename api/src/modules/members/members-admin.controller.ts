import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AdminStats, AdminUsersQuery, AdminUsersResponse, endpoints } from '@nocturne/contracts';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidQuery } from '../../common/http/input.decorators.js';
import { GetAdminStatsQuery } from './queries/get-admin-stats/get-admin-stats.query.js';
import { ListAdminMembersQuery } from './queries/list-admin-members/list-admin-members.query.js';

@Controller()
export class MembersAdminController {
  constructor(private readonly queries: QueryBus) {}

  @Endpoint(endpoints.listMembers)
  users(@ValidQuery() query: AdminUsersQuery): Promise<AdminUsersResponse> {
    return this.queries.execute(new ListAdminMembersQuery(query));
  }

  @Endpoint(endpoints.getAdminStats)
  stats(): Promise<AdminStats> {
    return this.queries.execute(new GetAdminStatsQuery());
  }
}
