import { Query } from '@nestjs/cqrs';
import type { NamedDoorList } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';

/**
 * Named doors: every one (managers), or only those a phone can pick now (`openOnly`), at the venue
 * the door account works at (`door`: the account and the venue its request names, as for a check).
 */
export class ListNamedDoorsQuery extends Query<NamedDoorList> {
  constructor(
    readonly openOnly: boolean,
    readonly door: { id: string; role: Role; venueId: number | undefined } | null = null,
  ) {
    super();
  }
}
