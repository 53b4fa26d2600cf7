import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { DoorConflicts } from '@nocturne/contracts';
import { clubNightBounds } from '@nocturne/domain';
import { isoTimestamp } from '#common/timestamps.js';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { DoorDataRepository } from '#modules/door/offline/door-data.repository.js';
import { StaffVenues, VenueDirectory } from '#modules/venues/venues.public.js';
import { GetDoorConflictsQuery } from './get-door-conflicts.query.js';

/**
 * What staff read of tonight's offline conflicts ("Used twice: 23:41 (Sam), 23:43 (Alex)", and
 * whose coupon): at the venue named, else at every open venue the staffer works at, each over its
 * own club night. `night` is the venue's (the first one's when there are several).
 */
@QueryHandler(GetDoorConflictsQuery)
export class GetDoorConflictsHandler implements IQueryHandler<GetDoorConflictsQuery, DoorConflicts> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: DoorDataRepository,
    private readonly staffVenues: StaffVenues,
    private readonly venues: VenueDirectory,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ staff, venueId }: GetDoorConflictsQuery): Promise<DoorConflicts> {
    const { scope, venueId: named } = await this.staffVenues.readVenue(this.em, staff, venueId);
    const venues = (await this.venues.all()).filter((venue) =>
      named !== undefined ? venue.id === named : !venue.archived && StaffVenues.covers(scope, venue.id),
    );
    const now = new Date();
    const nights = venues.map((venue) => ({ venueId: venue.id, ...clubNightBounds(now, venue.timeZone) }));
    const rows = await this.repository.conflicts(this.em, nights);
    return {
      night: nights[0]?.night ?? clubNightBounds(now, this.config.VENUE_TZ).night,
      items: rows.map((row) => ({
        id: row.id,
        at: isoTimestamp(row.device_at),
        message: row.message,
        firstName: row.first_name,
        userCouponId: row.user_coupon_id,
      })),
    };
  }
}
