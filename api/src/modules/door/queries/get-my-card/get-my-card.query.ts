import { Query } from '@nestjs/cqrs';
import type { MemberCard } from '@nocturne/contracts';
import type { AuthenticatedMember } from '#modules/auth/auth.public.js';

/** The signed-in member's card. */
export class GetMyCardQuery extends Query<MemberCard> {
  constructor(readonly member: Pick<AuthenticatedMember, 'id' | 'firstName' | 'lastName' | 'memberTier' | 'createdAt'>) {
    super();
  }
}
