import { Query } from '@nestjs/cqrs';
import type { User } from '@nocturne/contracts';

/** The signed-in member as the database has them now: points and tier are not kept with the session. */
export class GetMeQuery extends Query<User> {
  constructor(readonly memberId: string) {
    super();
  }
}
