import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type AdminStats, endpoints } from '@nocturne/contracts';
import { ResourceVersions } from '#infrastructure/versions/resource-versions.js';
import { VersionedMemo } from '#infrastructure/versions/versioned-memo.js';
import { AdminMembersRepository } from '#modules/members/admin-members.repository.js';
import { GetAdminStatsQuery } from './get-admin-stats.query.js';

const { scopes, everySeconds } = endpoints.getAdminStats.conditional!;

/**
 * The admin overview's figures: members, news, coupons, bookings, messages and the outbox's
 * backlog. Counting a million members costs tens of milliseconds, so the figures are read once
 * for as long as their ETag would stay the same (the tables they count, and 15 seconds).
 */
@QueryHandler(GetAdminStatsQuery)
export class GetAdminStatsHandler implements IQueryHandler<GetAdminStatsQuery, AdminStats> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: AdminMembersRepository,
    versions: ResourceVersions,
  ) {
    this.figures = new VersionedMemo(versions, scopes, everySeconds);
  }

  private readonly figures: VersionedMemo<AdminStats>;

  execute(): Promise<AdminStats> {
    return this.figures.get(async () => {
      const row = await this.repository.adminStats(this.em.fork());
      return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as AdminStats;
    });
  }
}
