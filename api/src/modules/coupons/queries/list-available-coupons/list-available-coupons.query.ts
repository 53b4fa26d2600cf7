import { Query } from '@nestjs/cqrs';
import type { AvailableCoupon } from '@nocturne/contracts';
import type { Tier } from '@nocturne/domain';

export class ListAvailableCouponsQuery extends Query<AvailableCoupon[]> {
  constructor(readonly member: { id: string; memberTier: Tier; currentPoints: number }) {
    super();
  }
}
