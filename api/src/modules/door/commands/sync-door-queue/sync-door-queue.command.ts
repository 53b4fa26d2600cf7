import { Command } from '@nestjs/cqrs';
import type { DoorHeaders, DoorSyncItemRequest, DoorSyncResponse } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';

/** What a door did offline, sent in one batch by the signed-in staffer. */
export class SyncDoorQueueCommand extends Command<DoorSyncResponse> {
  constructor(
    readonly staffId: string,
    readonly items: readonly DoorSyncItemRequest[],
    /** The staffer's role: admins work at every venue. */
    readonly staffRole: Role = 'door',
    /** The venue whose door sent the batch (none: the account's only venue, else the first). */
    readonly venueId: number | undefined = undefined,
    /** What the phone says of itself: its own id and the named door it is at (both optional). */
    readonly door: DoorHeaders = {},
  ) {
    super();
  }
}
