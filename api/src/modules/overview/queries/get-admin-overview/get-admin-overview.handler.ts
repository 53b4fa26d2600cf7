import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import type { AdminOverview, ClubNightFigures, VenueTonight } from '@nocturne/contracts';
import {
  clubNightLabel,
  clubNightOf,
  clubNightsEndingWith,
  nightBoundaries,
  OVERVIEW_NIGHTS,
  REDEMPTION_UNDO_MINUTES,
} from '@nocturne/domain';
import { ResourceVersions } from '#infrastructure/versions/resource-versions.js';
import { VersionedMemo } from '#infrastructure/versions/versioned-memo.js';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { GetSyncHealthQuery } from '#modules/activecampaign/activecampaign.public.js';
import { OverviewFailure } from '#modules/overview/overview-failure.js';
import { type OverviewScope, OverviewScopes } from '#modules/overview/overview-scope.service.js';
import { type NightFigure, OverviewRepository } from '#modules/overview/overview.repository.js';
import { QueueHealthService } from '#modules/overview/queue-health.service.js';
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

type NightRows = Awaited<ReturnType<OverviewRepository['nightActivity']>>;

/**
 * "How was tonight": the figures of the 8 club nights ending with the one asked for (VENUE_TZ,
 * 06:00 to 06:00), the figures of now, the queues and the ActiveCampaign sync. The four groups are
 * read at once: PostgreSQL, Redis (bounded) and the sync's own query. A night that is over (and
 * whose redemptions can no longer be undone) is counted once and kept in club_night_figures, so a
 * request scans only the nights not kept yet: tonight, usually. The liability (a sum over every
 * member) is kept in memory until the ledger or the members change. In a group of several venues
 * (OverviewScopes) one venue's overview counts its nights in its own zone and only its redemptions,
 * bookings and messages, without club_night_figures (the group's nights); each answer also lists
 * tonight at each of the staffer's venues, each in its zone.
 */
@QueryHandler(GetAdminOverviewQuery)
export class GetAdminOverviewHandler implements IQueryHandler<GetAdminOverviewQuery, AdminOverview> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: OverviewRepository,
    private readonly queueHealth: QueueHealthService,
    private readonly queries: QueryBus,
    private readonly scopes: OverviewScopes,
    private readonly versions: ResourceVersions,
    @InjectConfig() private readonly config: ApiConfig,
  ) {
    this.outstanding = new VersionedMemo(versions, ['point_transactions', 'members']);
    this.tonight = new VersionedMemo(versions, ['user_coupons', 'members', 'news_comments', 'point_transactions'], 15);
  }

  /**
   * The counts of the nights not kept yet (tonight, usually), read again once their tables change,
   * at least every 15 s, and when another range is asked for (the first overview of the day counts
   * every night not kept; the next ones, tonight alone).
   */
  private readonly tonight: VersionedMemo<NightRows>;

  /** The same, for each venue (or set of a staffer's venues) whose own overview is asked for. */
  private readonly venueNights = new Map<string, VersionedMemo<NightRows>>();

  /**
   * Tonight at each venue, per set of venues listed (the group's, or a staffer's): read again once
   * visits, redemptions, bookings or messages change, at least every 15 s, and shared by the staff
   * who ask at once (twenty at a group's size each read twenty venues' counts).
   */
  private readonly venueTonights = new Map<string, VersionedMemo<Awaited<ReturnType<OverviewRepository['venuesTonight']>>>>();

  /** The liability, summed again only when the ledger or the members have changed since. */
  private readonly outstanding: VersionedMemo<number>;

  async execute({ night: asked, staff, venue }: GetAdminOverviewQuery): Promise<AdminOverview> {
    const scope = await this.scopes.of(staff, venue);
    const { timeZone, venueIds } = scope;
    // The group's nights, in VENUE_TZ: those over are kept (club_night_figures); other views count theirs each time.
    const group = venueIds === undefined && timeZone === this.config.VENUE_TZ;
    const tonight = clubNightOf(new Date(), timeZone);
    const night = asked ?? tonight;
    if (night > tonight)
      throw new OverviewFailure('invalid', 'That night has not started yet: pick tonight or an earlier night.');
    const spans = clubNightsEndingWith(night, OVERVIEW_NIGHTS, timeZone);
    const settledBy = Date.now() - REDEMPTION_UNDO_MINUTES * 60_000;
    const settled = group ? spans.filter((span) => span.end.getTime() <= settledBy).map((span) => span.night) : [];
    const [stored, current, pointsOutstanding, queues, activeCampaign, venues] = await Promise.all([
      this.repository.storedNights(this.em.fork(), settled),
      this.repository.currentFigures(this.em.fork(), venueIds),
      this.pointsOutstanding(),
      this.queueHealth.read(),
      this.queries.execute(new GetSyncHealthQuery()),
      this.venuesTonight(scope),
    ]);
    // Counted here: every night from the first one not kept (the nights are consecutive, so one range).
    const firstMissing = spans.findIndex((span) => !stored.has(span.night));
    const counted = firstMissing < 0 ? [] : spans.slice(firstMissing);
    const bounds = nightBoundaries(counted).map((instant) => instant.toISOString());
    const activity = counted.length ? await this.countNights(bounds, venueIds) : [];
    const nights: ClubNightFigures[] = spans.map((span) => ({
      night: span.night,
      label: clubNightLabel(span.night),
      start: span.start.toISOString(),
      end: span.end.toISOString(),
      ...ZERO,
      ...stored.get(span.night),
    }));
    for (const row of activity) {
      const figures = nights[firstMissing + Number(row.bucket) - 1];
      if (figures) figures[row.figure] += Number(row.n);
    }
    const toKeep = nights.filter(
      (figures, index) => index >= firstMissing && firstMissing >= 0 && settled.includes(figures.night),
    );
    await this.repository.storeNights(
      this.em.fork(),
      toKeep.map((figures) => ({ night: figures.night, figures: pickFigures(figures) })),
    );
    const shown = nights.at(-1)!;
    return {
      timeZone,
      night: { night, label: shown.label, start: shown.start, end: shown.end, isTonight: night === tonight },
      nights,
      ...(scope.venue ? { venue: scope.venue } : {}),
      ...(venues ? { venues } : {}),
      now: {
        pendingBookings: Number(current.pending_bookings),
        unreadMessages: Number(current.unread_messages),
        pointsOutstanding,
        outboxWaiting: Number(current.outbox_waiting),
      },
      queues,
      activeCampaign,
    };
  }

  /** The figures of the nights between `bounds`; the nights most asked for (tonight's) are shared between requests. */
  private async countNights(bounds: string[], venueIds: number[] | undefined) {
    if (venueIds === undefined) {
      return this.tonight.get(() => this.repository.nightActivity(this.em.fork(), bounds), bounds.join(' '));
    }
    const key = venueIds.join(',');
    let memo = this.venueNights.get(key);
    if (!memo) {
      memo = new VersionedMemo(this.versions, ['user_coupons', 'members', 'news_comments', 'point_transactions'], 15);
      this.venueNights.set(key, memo);
    }
    return memo.get(() => this.repository.nightActivity(this.em.fork(), bounds, venueIds), bounds.join(' '));
  }

  /** Tonight at each venue listed, each club night in the venue's own zone (a group of several venues only). */
  private async venuesTonight({ venues }: OverviewScope): Promise<VenueTonight[] | undefined> {
    if (!venues) return undefined;
    const now = new Date();
    const spans = venues.map((venue) => {
      const [span] = clubNightsEndingWith(clubNightOf(now, venue.timeZone), 1, venue.timeZone);
      return { venue, night: span!.night, start: span!.start.toISOString(), end: span!.end.toISOString() };
    });
    const asked = spans.map(({ venue, night, start, end }) => ({ id: venue.id, night, start, end }));
    const key = asked.map(({ id }) => id).join(',');
    let memo = this.venueTonights.get(key);
    if (!memo) {
      memo = new VersionedMemo(this.versions, ['visits', 'user_coupons', 'bookings', 'contact_messages'], 15);
      this.venueTonights.set(key, memo);
    }
    const rows = await memo.get(
      () => this.repository.venuesTonight(this.em.fork(), asked),
      asked.map(({ night }) => night).join(' '),
    );
    return spans.map(({ venue, night, start, end }) => {
      const row = rows.find((counted) => Number(counted.venue_id) === venue.id);
      return {
        id: venue.id,
        name: venue.name,
        timeZone: venue.timeZone,
        night,
        label: clubNightLabel(night),
        start,
        end,
        visits: Number(row?.visits ?? 0),
        redemptions: Number(row?.redemptions ?? 0),
        bookings: Number(row?.bookings ?? 0),
        pendingBookings: Number(row?.pending_bookings ?? 0),
        unreadMessages: Number(row?.unread_messages ?? 0),
      };
    });
  }

  private pointsOutstanding(): Promise<number> {
    return this.outstanding.get(() => this.repository.pointsOutstanding(this.em.fork()));
  }
}

/** A night's figures without its name and instants, as club_night_figures keeps them. */
function pickFigures(figures: ClubNightFigures): Record<NightFigure, number> {
  return Object.fromEntries((Object.keys(ZERO) as NightFigure[]).map((name) => [name, figures[name]])) as Record<
    NightFigure,
    number
  >;
}
