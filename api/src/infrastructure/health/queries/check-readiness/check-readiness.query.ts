import { Query } from '@nestjs/cqrs';
import type { ReadyResponse } from '@nocturne/contracts';

/** Whether PostgreSQL and Redis answer; a 503 naming each that does not. */
export class CheckReadinessQuery extends Query<ReadyResponse> {}
