import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import type { AdminOverview, ClubNightFigures } from '@nocturne/contracts';
import { clubNightLabel, clubNightOf, clubNightsEndingWith, nightBoundaries, OVERVIEW_NIGHTS } from '@nocturne/domain';
import { type ApiConfig, InjectConfig } from '../../../../config/api-config.js';
import { GetSyncHealthQuery } from '../../../activecampaign/activecampaign.public.js';
import { OverviewFailure } from '../../overview-failure.js';
import { type NightFigure, OverviewRepository } from '../../overview.repository.js';
import { QueueHealthService } from '../../queue-health.service.js';
import { GetAdminOverviewQuery } from './get-admin-overview.query.js';

const ZERO: Record<NightFigure, number> = {
  redemptions: 0,
  claims: 0,
  newMembers: 0,
  comments: 0,
  pointsIssued: 0,
  pointsSpent: 0,
  pointsWithdrawn: 0,
};

/**
 * "How was tonight": the figures of the 8 club nights ending with the one asked for (VENUE_TZ,
 * 06:00 to 06:00), the figures of now, the queues and the ActiveCampaign sync. The four groups are
 * read at once: two round trips to PostgreSQL, one to Redis (bounded), the sync's own query.
 */
@QueryHandler(GetAdminOverviewQuery)
export class GetAdminOverviewHandler implements IQueryHandler<GetAdminOverviewQuery, AdminOverview> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: OverviewRepository,
    private readonly queueHealth: QueueHealthService,
    private readonly queries: QueryBus,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ night: asked }: GetAdminOverviewQuery): Promise<AdminOverview> {
    const timeZone = this.config.VENUE_TZ;
    const tonight = clubNightOf(new Date(), timeZone);
    const night = asked ?? tonight;
    if (night > tonight)
      throw new OverviewFailure('invalid', 'That night has not started yet: pick tonight or an earlier night.');
    const spans = clubNightsEndingWith(night, OVERVIEW_NIGHTS, timeZone);
    const bounds = nightBoundaries(spans).map((instant) => instant.toISOString());
    const [activity, current, queues, activeCampaign] = await Promise.all([
      this.repository.nightActivity(this.em.fork(), bounds),
      this.repository.currentFigures(this.em.fork()),
      this.queueHealth.read(),
      this.queries.execute(new GetSyncHealthQuery()),
    ]);
    const nights: ClubNightFigures[] = spans.map((span) => ({
      night: span.night,
      label: clubNightLabel(span.night),
      start: span.start.toISOString(),
      end: span.end.toISOString(),
      ...ZERO,
    }));
    for (const row of activity) {
      const figures = nights[Number(row.bucket) - 1];
      if (figures) figures[row.figure] += Number(row.n);
    }
    const shown = nights.at(-1)!;
    return {
      timeZone,
      night: { night, label: shown.label, start: shown.start, end: shown.end, isTonight: night === tonight },
      nights,
      now: {
        pendingBookings: Number(current.pending_bookings),
        unreadMessages: Number(current.unread_messages),
        pointsOutstanding: Number(current.points_outstanding),
        outboxWaiting: Number(current.outbox_waiting),
      },
      queues,
      activeCampaign,
    };
  }
}
