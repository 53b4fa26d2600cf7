import { Query } from '@nestjs/cqrs';
import type { DoorTonight } from '@nocturne/contracts';

/** Tonight at the door for one staffer. */
export class GetDoorTonightQuery extends Query<DoorTonight> {
  constructor(readonly staffId: string) {
    super();
  }
}
