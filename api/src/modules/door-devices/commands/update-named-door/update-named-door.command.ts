import { Command } from '@nestjs/cqrs';
import type { NamedDoor } from '@nocturne/contracts';

/** A manager renames a door, archives it or brings it back. */
export class UpdateNamedDoorCommand extends Command<NamedDoor> {
  constructor(
    readonly id: string,
    readonly change: { name?: string; archived?: boolean },
  ) {
    super();
  }
}
