import { Query } from '@nestjs/cqrs';
import type { DoorData } from '@nocturne/contracts';

/** Tonight's door data for one door account, whole or since a cursor. */
export class GetDoorDataQuery extends Query<DoorData> {
  constructor(
    readonly staffId: string,
    readonly since: string | undefined,
  ) {
    super();
  }
}
