import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { DoorsTonight } from '@nocturne/contracts';
import { clubNightBounds } from '@nocturne/domain';
import { DoorRepository } from '#modules/door/door.repository.js';
import { DoorDataRepository } from '#modules/door/offline/door-data.repository.js';
import { VenueDirectory } from '#modules/venues/venues.public.js';
import { GetDoorsTonightQuery } from './get-doors-tonight.query.js';

/**
 * The overview's line on the doors: each named door of an open venue with its tally in that
 * venue's night (06:00 to 06:00 in its zone), and tonight's conflicts from offline doors (each
 * venue's over its own night, as GET /api/door/conflicts lists them).
 */
@QueryHandler(GetDoorsTonightQuery)
export class GetDoorsTonightHandler implements IQueryHandler<GetDoorsTonightQuery, DoorsTonight> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: DoorRepository,
    private readonly data: DoorDataRepository,
    private readonly venues: VenueDirectory,
  ) {}

  async execute(): Promise<DoorsTonight> {
    const now = new Date();
    const open = (await this.venues.all()).filter((each) => !each.archived);
    const nights = open.map((venue) => ({ venueId: venue.id, ...clubNightBounds(now, venue.timeZone) }));
    const [tallies, conflicts] = await Promise.all([
      this.repository.doorTallies(this.em, nights),
      this.data.conflicts(this.em, nights),
    ]);
    // Venue by venue, in the directory's order, each venue's doors by name.
    const doors: DoorsTonight['doors'] = open.flatMap((venue) =>
      tallies
        .filter((door) => door.venueId === venue.id)
        .map(({ id, name, redemptions, cards }) => ({ id, name, redemptions, cards, venueId: venue.id, venueName: venue.name })),
    );
    return { doors, conflicts: conflicts.length };
  }
}
