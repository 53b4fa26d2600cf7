import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { PointHistoryQuery, PointHistoryResponse } from '@nocturne/contracts';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import { ValidQuery } from '../../common/http/input.decorators.js';
import { type AuthenticatedMember, CurrentMember } from '../auth/auth.public.js';
import { ListPointHistoryQuery } from './queries/list-point-history/list-point-history.query.js';

@Controller('points')
export class PointsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('history')
  @Endpoint({
    summary: "The member's points history, newest first (signed points)",
    auth: 'member',
    conditional: { scopes: ['member:{me}'] },
    tags: ['points'],
    query: PointHistoryQuery,
    response: PointHistoryResponse,
    errors: { 400: 'Bad limit' },
  })
  history(@CurrentMember() member: AuthenticatedMember, @ValidQuery() query: PointHistoryQuery): Promise<PointHistoryResponse> {
    return this.queries.execute(new ListPointHistoryQuery(member.id, query.limit));
  }
}
