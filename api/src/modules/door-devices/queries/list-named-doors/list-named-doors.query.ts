import { Query } from '@nestjs/cqrs';
import type { NamedDoorList } from '@nocturne/contracts';

/** Named doors: every one (managers), or only those a phone can pick now (`openOnly`). */
export class ListNamedDoorsQuery extends Query<NamedDoorList> {
  constructor(readonly openOnly: boolean) {
    super();
  }
}
