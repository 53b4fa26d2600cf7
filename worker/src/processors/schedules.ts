import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JobProducer, type JobName, type JobPayload } from '@nocturne/queues';

const HOUR_MS = 3600_000;

/** How often: every so many milliseconds, or a cron pattern (in UTC unless `tz` says). */
type Repeat = { every: number } | { pattern: string; tz: string };
type Schedule = { [N in JobName]: { schedulerId: string; repeat: Repeat; name: N; payload: JobPayload<N> } }[JobName];

/** Every repeatable job, by the id of its BullMQ job scheduler. */
export const SCHEDULES: readonly Schedule[] = [
  { schedulerId: 'prune-sessions', repeat: { every: 6 * HOUR_MS }, name: 'maintenance.prune-sessions', payload: {} },
  // Uploads never finalized.
  { schedulerId: 'purge-stale-uploads', repeat: { every: HOUR_MS }, name: 'maintenance.purge-stale-uploads', payload: {} },
  // Daily; the job works out the venue's club night itself. A no-op unless POINTS_EXPIRE_AFTER_MONTHS is set.
  { schedulerId: 'expire-points', repeat: { pattern: '0 2 * * *', tz: 'UTC' }, name: 'maintenance.expire-points', payload: {} },
];

/** Upserts every schedule at each start, so several workers keep one schedule per job. */
@Injectable()
export class Schedules implements OnApplicationBootstrap {
  private readonly logger = new Logger('Schedules');

  constructor(private readonly jobs: JobProducer) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const { schedulerId, repeat, name, payload } of SCHEDULES) {
      try {
        await this.jobs.schedule(schedulerId, repeat, name, payload);
      } catch (error) {
        this.logger.warn(`Could not schedule ${name}: ${(error as Error).message}`);
      }
    }
  }
}
