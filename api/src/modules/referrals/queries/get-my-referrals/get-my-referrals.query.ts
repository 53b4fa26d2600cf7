import { Query } from '@nestjs/cqrs';
import type { MyReferrals } from '@nocturne/contracts';

/** A member's invite code and link, this month's count and the people they invited. */
export class GetMyReferralsQuery extends Query<MyReferrals> {
  constructor(readonly memberId: string) {
    super();
  }
}
