import { Query } from '@nestjs/cqrs';
import type { MyTier } from '@nocturne/contracts';

/** The members area's tier panel for one member. */
export class GetMyTierQuery extends Query<MyTier> {
  constructor(readonly memberId: string) {
    super();
  }
}
