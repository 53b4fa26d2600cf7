import { Command } from '@nestjs/cqrs';
import type { DoorHeaders, DoorCheckResponse } from '@nocturne/contracts';

/** A staffer in door mode checking what the camera read or what they typed; `staffId` is the signed-in staffer. */
export class CheckAtDoorCommand extends Command<DoorCheckResponse> {
  constructor(
    readonly staffId: string,
    readonly text: string,
    readonly method: 'scan' | 'typed',
    /** What the phone says of itself: its own id and the named door it is at (both optional). */
    readonly door: DoorHeaders = {},
  ) {
    super();
  }
}
