import { Query } from '@nestjs/cqrs';
import type { DoorTonight } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';

/** Tonight at the door for one staffer. */
export class GetDoorTonightQuery extends Query<DoorTonight> {
  constructor(
    readonly staffId: string,
    readonly staffRole: Role = 'door',
    readonly venueId: number | undefined = undefined,
    readonly doorId: string | undefined = undefined,
  ) {
    super();
  }
}
