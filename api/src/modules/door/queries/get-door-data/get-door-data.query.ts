import { Query } from '@nestjs/cqrs';
import type { DoorData } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';

/** Tonight's door data for one door account at its venue's door, whole or since a cursor. */
export class GetDoorDataQuery extends Query<DoorData> {
  constructor(
    readonly staffId: string,
    readonly since: string | undefined,
    readonly staffRole: Role = 'door',
    readonly venueId: number | undefined = undefined,
    /** Aborts when the door that asked has gone: a whole night it waits for is then not built. */
    readonly clientGone?: AbortSignal,
  ) {
    super();
  }
}
