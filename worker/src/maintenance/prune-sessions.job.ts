import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { MaintenanceRepository } from './maintenance.repository.js';

/** Expired sessions and reset tokens are kept this long (a week), then deleted. */
const KEEP_EXPIRED_DAYS = 7;

/** Deletes sessions and reset tokens that expired more than a week ago (a scheduled job). */
@Injectable()
@HandlesJob('maintenance.prune-sessions')
export class PruneSessionsJob implements JobHandler<'maintenance.prune-sessions'> {
  constructor(
    private readonly em: EntityManager,
    private readonly maintenance: MaintenanceRepository,
  ) {}

  async handle(): Promise<{ sessions: number; tokens: number }> {
    const sessions = await this.maintenance.deleteExpiredSessions(this.em, KEEP_EXPIRED_DAYS);
    const tokens = await this.maintenance.deleteExpiredResetTokens(this.em, KEEP_EXPIRED_DAYS);
    return { sessions, tokens };
  }
}
