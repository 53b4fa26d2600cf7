import { Command } from '@nestjs/cqrs';
import type { DoorSettings, UpdateDoorSettingsRequest } from '@nocturne/contracts';

/** A manager sets the door settings. */
export class UpdateDoorSettingsCommand extends Command<DoorSettings> {
  constructor(
    readonly input: UpdateDoorSettingsRequest,
    readonly managerId: string,
  ) {
    super();
  }
}
