import { Query } from '@nestjs/cqrs';
import type { SecondFactorStatus } from '@nocturne/contracts';
import type { AuthenticatedMember } from '#modules/auth/user-view.js';

/** The member's second factors, their state and the recovery codes left. */
export class GetSecondFactorsQuery extends Query<SecondFactorStatus> {
  constructor(readonly member: AuthenticatedMember) {
    super();
  }
}
