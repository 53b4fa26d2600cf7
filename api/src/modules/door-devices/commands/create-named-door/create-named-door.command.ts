import { Command } from '@nestjs/cqrs';
import type { NamedDoor } from '@nocturne/contracts';

/** A manager names a door at a venue (none given: the first venue). */
export class CreateNamedDoorCommand extends Command<NamedDoor> {
  constructor(
    readonly name: string,
    readonly venueId: number | undefined,
  ) {
    super();
  }
}
