import { Query } from '@nestjs/cqrs';
import type { MemberCard } from '@nocturne/contracts';

/** The signed-in member's card. */
export class GetMyCardQuery extends Query<MemberCard> {
  constructor(readonly memberId: string) {
    super();
  }
}
