import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdminVenueView } from '@nocturne/contracts';
import { slugTaken } from '#modules/venues/venues-failure.js';
import { columnsOfUpdate } from '#modules/venues/venue-views.js';
import { VenueWrites } from '#modules/venues/venue-writes.js';
import { VenuesRepository } from '#modules/venues/venues.repository.js';
import { UpdateVenueCommand } from './update-venue.command.js';

/** Edits a venue: only the fields sent change; the audit row keeps what changed, before and after. */
@CommandHandler(UpdateVenueCommand)
export class UpdateVenueHandler implements ICommandHandler<UpdateVenueCommand, AdminVenueView> {
  constructor(
    private readonly writes: VenueWrites,
    private readonly venues: VenuesRepository,
  ) {}

  execute({ venueId, input }: UpdateVenueCommand): Promise<AdminVenueView> {
    return this.writes.change(venueId, 'venue.update', async (tx, current) => {
      if (input.slug !== undefined && (await this.venues.slugTaken(tx, input.slug, venueId))) throw slugTaken(input.slug);
      const columns = columnsOfUpdate(input);
      return Object.keys(columns).length ? this.venues.update(tx, venueId, columns) : current;
    });
  }
}
