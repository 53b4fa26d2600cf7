import { Command } from '@nestjs/cqrs';
import type { EventView, SaveEventInput } from '@nocturne/contracts';
import type { Staffer } from '#modules/venues/venues.public.js';

/** A manager creates an event (a draft, or published at once). */
export class CreateEventCommand extends Command<EventView> {
  constructor(
    readonly input: SaveEventInput,
    /** The manager: the event is at one of its venues. */
    readonly manager: Staffer,
  ) {
    super();
  }
}
