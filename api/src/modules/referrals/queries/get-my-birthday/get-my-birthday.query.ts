import { Query } from '@nestjs/cqrs';
import type { MyBirthday } from '@nocturne/contracts';

/** The birthday banner, when this is the member's birthday week and its points were granted. */
export class GetMyBirthdayQuery extends Query<MyBirthday> {
  constructor(readonly memberId: string) {
    super();
  }
}
