import { Command } from '@nestjs/cqrs';
import type { EventView, SaveEventInput } from '@nocturne/contracts';
import type { Staffer } from '#modules/venues/venues.public.js';

/** A manager changes an event: publishes it, takes it back to draft, moves its night. */
export class UpdateEventCommand extends Command<EventView> {
  constructor(
    readonly id: string,
    readonly input: SaveEventInput,
    /** The manager: the event is, and stays, at one of its venues. */
    readonly manager: Staffer,
  ) {
    super();
  }
}
