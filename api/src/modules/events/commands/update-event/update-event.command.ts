import { Command } from '@nestjs/cqrs';
import type { EventView, SaveEventInput } from '@nocturne/contracts';

/** A manager changes an event: publishes it, takes it back to draft, moves its night. */
export class UpdateEventCommand extends Command<EventView> {
  constructor(
    readonly id: string,
    readonly input: SaveEventInput,
  ) {
    super();
  }
}
