import { Query } from '@nestjs/cqrs';
import type { MyCouponsPage, MyCouponsQuery } from '@nocturne/contracts';

export class ListMyCouponsQuery extends Query<MyCouponsPage> {
  constructor(
    readonly memberId: string,
    readonly page: MyCouponsQuery,
  ) {
    super();
  }
}
