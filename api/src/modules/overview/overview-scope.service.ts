import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { type Staffer, StaffVenues, VenueDirectory, type VenueRecord, venueOfRequest } from '#modules/venues/venues.public.js';
import { OverviewFailure } from './overview-failure.js';

/** What one overview answer is about (PRODUCT.md §12): the group's figures, or one venue's. */
export interface OverviewScope {
  /** The zone its nights are counted in: the venue's own, or the install's VENUE_TZ. */
  timeZone: string;
  /** Only these venues' redemptions, bookings and messages; undefined: every venue's (the group's). */
  venueIds?: number[];
  /** The one venue the figures are of. */
  venue?: { id: number; name: string };
  /** The venues whose tonight the answer lists (a group of several venues only). */
  venues?: VenueRecord[];
}

/**
 * Which overview a staffer gets: the one venue asked for (theirs), else their only venue, else the
 * group's (every venue they work at). A group of one venue always gets the overview as it was
 * before venues: the group's, in VENUE_TZ, with no venue named.
 */
@Injectable()
export class OverviewScopes {
  constructor(
    private readonly em: EntityManager,
    private readonly directory: VenueDirectory,
    private readonly staffVenues: StaffVenues,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async of(staff: Staffer, ref: string | undefined): Promise<OverviewScope> {
    const scope = await this.staffVenues.scopeOf(this.em.fork(), staff);
    let named: VenueRecord | undefined;
    if (ref !== undefined) {
      const found = await venueOfRequest(this.directory, ref, { open: false });
      if (!('venue' in found)) {
        throw new OverviewFailure('invalid', `venue ${found.problem}`, { issues: [{ path: 'venue', message: found.problem }] });
      }
      named = found.venue;
      if (!StaffVenues.covers(scope, named.id)) throw new OverviewFailure('forbidden', await this.staffVenues.worksAtOnly(scope));
    }
    if (await this.directory.single()) return { timeZone: this.config.VENUE_TZ };
    const only = !scope.all && scope.venueIds.length === 1 ? await this.directory.get(scope.venueIds[0]!) : undefined;
    const venue = named ?? only;
    if (venue) {
      return {
        timeZone: venue.timeZone,
        venueIds: [venue.id],
        venue: { id: venue.id, name: venue.name },
        venues: venue.archived ? [] : [venue],
      };
    }
    return {
      timeZone: this.config.VENUE_TZ,
      venueIds: scope.all ? undefined : scope.venueIds,
      venues: (await this.directory.open()).filter((open) => StaffVenues.covers(scope, open.id)),
    };
  }
}
