import { Command } from '@nestjs/cqrs';
import type { DoorSyncItemRequest, DoorSyncResponse } from '@nocturne/contracts';

/** What a door did offline, sent in one batch by the signed-in staffer. */
export class SyncDoorQueueCommand extends Command<DoorSyncResponse> {
  constructor(
    readonly staffId: string,
    readonly items: readonly DoorSyncItemRequest[],
  ) {
    super();
  }
}
