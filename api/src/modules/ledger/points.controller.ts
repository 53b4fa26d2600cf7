import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { endpoints, PointHistoryQuery, PointHistoryResponse } from '@nocturne/contracts';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { ValidQuery } from '#common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { ListPointHistoryQuery } from './queries/list-point-history/list-point-history.query.js';

@Controller()
export class PointsController {
  constructor(private readonly queries: QueryBus) {}

  @Endpoint(endpoints.listPointHistory)
  history(@CurrentMember() member: AuthenticatedMember, @ValidQuery() query: PointHistoryQuery): Promise<PointHistoryResponse> {
    return this.queries.execute(new ListPointHistoryQuery(member.id, query.limit));
  }
}
