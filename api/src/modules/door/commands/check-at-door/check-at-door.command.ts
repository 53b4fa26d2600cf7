import { Command } from '@nestjs/cqrs';
import type { DoorCheckResponse, DoorHeaders } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';

/** A staffer in door mode checking what the camera read or what they typed; `staffId` is the signed-in staffer. */
export class CheckAtDoorCommand extends Command<DoorCheckResponse> {
  constructor(
    readonly staffId: string,
    readonly text: string,
    readonly method: 'scan' | 'typed',
    /** The staffer's role: admins work at every venue. */
    readonly staffRole: Role = 'door',
    /** The venue the door request says it is at (none: the account's only venue, else the first). */
    readonly venueId: number | undefined = undefined,
    /** What the phone says of itself: its own id and the named door it is at (both optional). */
    readonly door: DoorHeaders = {},
  ) {
    super();
  }
}
