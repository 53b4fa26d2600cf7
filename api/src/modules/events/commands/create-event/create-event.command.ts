import { Command } from '@nestjs/cqrs';
import type { EventView, SaveEventInput } from '@nocturne/contracts';

/** A manager creates an event (a draft, or published at once). */
export class CreateEventCommand extends Command<EventView> {
  constructor(
    readonly input: SaveEventInput,
    readonly managerId: string,
  ) {
    super();
  }
}
