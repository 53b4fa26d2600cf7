import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { endpoints, type ReadyResponse } from '@nocturne/contracts';
import { Endpoint } from '#common/http/endpoint.decorator.js';
import { CheckReadinessQuery } from './queries/check-readiness/check-readiness.query.js';

@Controller()
export class HealthController {
  constructor(private readonly queries: QueryBus) {}

  @Endpoint(endpoints.healthLive)
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Endpoint(endpoints.healthReady)
  ready(): Promise<ReadyResponse> {
    return this.queries.execute(new CheckReadinessQuery());
  }
}
