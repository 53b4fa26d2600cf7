import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { HandlesJob, type JobHandler } from './job-handler.js';

/** Deletes sessions and reset tokens that expired more than a week ago (a scheduled job). */
@Injectable()
@HandlesJob('maintenance.prune-sessions')
export class PruneSessionsJob implements JobHandler<'maintenance.prune-sessions'> {
  constructor(private readonly em: EntityManager) {}

  async handle(): Promise<{ sessions: number; tokens: number }> {
    const sessions = await this.em.execute("delete from sessions where expires_at < now() - interval '7 days'", [], 'run');
    const tokens = await this.em.execute("delete from password_reset_tokens where expires_at < now() - interval '7 days'", [], 'run');
    return { sessions: Number((sessions as { affectedRows?: number }).affectedRows ?? 0), tokens: Number((tokens as { affectedRows?: number }).affectedRows ?? 0) };
  }
}
