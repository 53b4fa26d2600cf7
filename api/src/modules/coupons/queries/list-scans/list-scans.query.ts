import { Query } from '@nestjs/cqrs';
import type { ScanLogPage } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';

/** A page of the scan log as `viewer` may see it (door staff: tonight only, members by first name). */
export class ListScansQuery extends Query<ScanLogPage> {
  constructor(
    readonly limit: number,
    readonly cursor: string | undefined,
    readonly viewer: { id: string; role: Role },
    readonly venueId: number | undefined = undefined,
  ) {
    super();
  }
}
