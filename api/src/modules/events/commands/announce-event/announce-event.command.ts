import { Command } from '@nestjs/cqrs';
import type { AnnounceEventResponse } from '@nocturne/contracts';
import type { Staffer } from '#modules/venues/venues.public.js';

/** A manager announces a published event: the news module publishes a post of type event linking to its page. */
export class AnnounceEventCommand extends Command<AnnounceEventResponse> {
  constructor(
    readonly id: string,
    /** The manager: the event is at one of its venues. */
    readonly manager: Staffer,
  ) {
    super();
  }
}
