import { Command } from '@nestjs/cqrs';
import type { AdminVenueView } from '@nocturne/contracts';

/** Archive a venue (it takes no new activity; its history stays) or open it again. */
export class SetVenueArchivedCommand extends Command<AdminVenueView> {
  constructor(
    readonly venueId: number,
    readonly archived: boolean,
  ) {
    super();
  }
}
