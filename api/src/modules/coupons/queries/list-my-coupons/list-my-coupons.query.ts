import { Query } from '@nestjs/cqrs';
import type { UserCoupon } from '@nocturne/contracts';

export class ListMyCouponsQuery extends Query<UserCoupon[]> {
  constructor(readonly memberId: string) {
    super();
  }
}
