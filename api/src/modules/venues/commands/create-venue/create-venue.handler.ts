import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdminVenueView } from '@nocturne/contracts';
import { slugTaken } from '#modules/venues/venues-failure.js';
import { columnsOfCreate } from '#modules/venues/venue-views.js';
import { VenueWrites } from '#modules/venues/venue-writes.js';
import { VenuesRepository } from '#modules/venues/venues.repository.js';
import { CreateVenueCommand } from './create-venue.command.js';

/** Adds a venue to the group; its slug must be free (it is the venue's address on the public site). */
@CommandHandler(CreateVenueCommand)
export class CreateVenueHandler implements ICommandHandler<CreateVenueCommand, AdminVenueView> {
  constructor(
    private readonly writes: VenueWrites,
    private readonly venues: VenuesRepository,
  ) {}

  execute({ input }: CreateVenueCommand): Promise<AdminVenueView> {
    return this.writes.create(async (tx) => {
      if (await this.venues.slugTaken(tx, input.slug)) throw slugTaken(input.slug);
      return this.venues.insert(tx, columnsOfCreate(input, input.position ?? (await this.venues.nextPosition(tx))));
    });
  }
}
