import { Command } from '@nestjs/cqrs';
import type { AdminVenueView, UpdateVenueRequest } from '@nocturne/contracts';

export class UpdateVenueCommand extends Command<AdminVenueView> {
  constructor(
    readonly venueId: number,
    readonly input: UpdateVenueRequest,
  ) {
    super();
  }
}
