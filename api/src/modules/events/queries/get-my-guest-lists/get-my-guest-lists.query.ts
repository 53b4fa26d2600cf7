import { Query } from '@nestjs/cqrs';
import type { MyGuestLists } from '@nocturne/contracts';

/** The member's guest lists, the ones they may join, their plus-ones and the no-show rule. */
export class GetMyGuestListsQuery extends Query<MyGuestLists> {
  constructor(readonly memberId: string) {
    super();
  }
}
