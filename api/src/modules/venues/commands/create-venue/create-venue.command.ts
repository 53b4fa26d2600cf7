import { Command } from '@nestjs/cqrs';
import type { AdminVenueView, CreateVenueRequest } from '@nocturne/contracts';

export class CreateVenueCommand extends Command<AdminVenueView> {
  constructor(readonly input: CreateVenueRequest) {
    super();
  }
}
