import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AdminStats } from '@nocturne/contracts';
import { MembersRepository } from '../../members.repository.js';
import { GetAdminStatsQuery } from './get-admin-stats.query.js';

/** The admin overview's figures: members, news, coupons, bookings, messages and the outbox's backlog. */
@QueryHandler(GetAdminStatsQuery)
export class GetAdminStatsHandler implements IQueryHandler<GetAdminStatsQuery, AdminStats> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: MembersRepository,
  ) {}

  async execute(): Promise<AdminStats> {
    const row = await this.repository.adminStats(this.em);
    return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as AdminStats;
  }
}
