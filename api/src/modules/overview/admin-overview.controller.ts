import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AdminOverview, AdminOverviewQuery } from '@nocturne/contracts';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidQuery } from '../../common/http/input.decorators.js';
import { GetAdminOverviewQuery } from './queries/get-admin-overview/get-admin-overview.query.js';

@Controller('admin')
export class AdminOverviewController {
  constructor(private readonly queries: QueryBus) {}

  @Get('overview')
  @Endpoint({
    summary: "How tonight is going: the last 8 club nights' figures, liabilities, queues and the ActiveCampaign sync",
    auth: 'admin',
    tags: ['admin'],
    query: AdminOverviewQuery,
    response: AdminOverview,
    errors: { 400: 'Invalid input (`issues` names each field), or a night that has not started yet' },
    // Queue counts (Redis), the outbox and the night rolling over at 06:00 have no version: 15 s at most behind.
    conditional: {
      scopes: ['members', 'user_coupons', 'news_comments', 'point_transactions', 'bookings', 'contact_messages', 'sync_jobs'],
      everySeconds: 15,
    },
  })
  overview(@ValidQuery() query: AdminOverviewQuery): Promise<AdminOverview> {
    return this.queries.execute(new GetAdminOverviewQuery(query.night));
  }
}
