import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdminVenueView } from '@nocturne/contracts';
import { VenueWrites } from '#modules/venues/venue-writes.js';
import { VenuesFailure } from '#modules/venues/venues-failure.js';
import { VenuesRepository } from '#modules/venues/venues.repository.js';
import { SetVenueArchivedCommand } from './set-venue-archived.command.js';

/**
 * Archives a venue or opens it again. Archiving deletes nothing: its bookings, messages, visits and
 * scans keep naming it; it leaves the public site and takes no new bookings or messages. The group
 * keeps at least one open venue (requests that name none go there).
 */
@CommandHandler(SetVenueArchivedCommand)
export class SetVenueArchivedHandler implements ICommandHandler<SetVenueArchivedCommand, AdminVenueView> {
  constructor(
    private readonly writes: VenueWrites,
    private readonly venues: VenuesRepository,
  ) {}

  execute({ venueId, archived }: SetVenueArchivedCommand): Promise<AdminVenueView> {
    return this.writes.change(venueId, archived ? 'venue.archive' : 'venue.unarchive', async (tx, current) => {
      // One archive at a time: two admins archiving the last two open venues at once keep one open.
      await tx.getConnection().execute(`select pg_advisory_xact_lock(hashtext('venues.archive'))`);
      const isArchived = current.archived_at !== null && current.archived_at !== undefined;
      if (archived && isArchived) throw new VenuesFailure('conflict', `${current.name} is already archived.`);
      if (!archived && !isArchived) throw new VenuesFailure('conflict', `${current.name} is open, not archived.`);
      if (archived && (await this.venues.openCount(tx)) <= 1) {
        throw new VenuesFailure('conflict', `${current.name} is the group's only open venue: open or add another venue first.`);
      }
      return this.venues.setArchived(tx, venueId, archived);
    });
  }
}
