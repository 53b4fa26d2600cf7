import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AdminStats, AdminUsersQuery, AdminUsersResponse } from '@nocturne/contracts';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidQuery } from '../../common/http/input.decorators.js';
import { GetAdminStatsQuery } from './queries/get-admin-stats/get-admin-stats.query.js';
import { ListAdminMembersQuery } from './queries/list-admin-members/list-admin-members.query.js';

@Controller('admin')
export class MembersAdminController {
  constructor(private readonly queries: QueryBus) {}

  @Get('users')
  @Endpoint({
    summary: 'Members for the admin table, newest first; search by name or email',
    auth: 'admin',
    tags: ['admin'],
    conditional: { scopes: ['members'] },
    query: AdminUsersQuery,
    response: AdminUsersResponse,
  })
  users(@ValidQuery() query: AdminUsersQuery): Promise<AdminUsersResponse> {
    return this.queries.execute(new ListAdminMembersQuery(query));
  }

  @Get('stats')
  @Endpoint({
    summary: 'Figures for the admin overview',
    auth: 'admin',
    tags: ['admin'],
    response: AdminStats,
    // Also counts the outbox and rolling 7-day windows, which no version tracks: 15 s at most behind.
    conditional: { scopes: ['members', 'news_posts', 'coupons', 'bookings', 'contact_messages'], everySeconds: 15 },
  })
  stats(): Promise<AdminStats> {
    return this.queries.execute(new GetAdminStatsQuery());
  }
}
