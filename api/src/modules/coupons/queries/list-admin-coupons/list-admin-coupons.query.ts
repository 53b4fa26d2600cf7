import { Query } from '@nestjs/cqrs';
import type { AdminCoupon } from '@nocturne/contracts';

export class ListAdminCouponsQuery extends Query<AdminCoupon[]> {
  constructor(readonly includeArchived: boolean) {
    super();
  }
}
