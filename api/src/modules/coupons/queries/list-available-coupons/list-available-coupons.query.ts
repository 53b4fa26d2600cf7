import { Query } from '@nestjs/cqrs';
import type { AvailableCoupon } from '@nocturne/contracts';

export class ListAvailableCouponsQuery extends Query<AvailableCoupon[]> {
  constructor(readonly member: { id: string }) {
    super();
  }
}
