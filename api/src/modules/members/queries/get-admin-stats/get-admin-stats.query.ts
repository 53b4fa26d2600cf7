import { Query } from '@nestjs/cqrs';
import type { AdminStats } from '@nocturne/contracts';

export class GetAdminStatsQuery extends Query<AdminStats> {}
