import { Query } from '@nestjs/cqrs';
import type { PointHistoryResponse } from '@nocturne/contracts';

export class ListPointHistoryQuery extends Query<PointHistoryResponse> {
  constructor(
    readonly memberId: string,
    readonly limit: number,
  ) {
    super();
  }
}
