import { Command } from '@nestjs/cqrs';
import type { DoorLockoutLifted } from '@nocturne/contracts';

/** A manager lets a door phone (or a door account) type codes again at once. */
export class LiftDoorLockoutCommand extends Command<DoorLockoutLifted> {
  constructor(readonly lockoutId: string) {
    super();
  }
}
