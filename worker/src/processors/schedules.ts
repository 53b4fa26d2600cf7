import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JobProducer, type JobName, type JobPayload } from '@nocturne/queues';

const HOUR_MS = 3600_000;

type Schedule = { [N in JobName]: { schedulerId: string; every: number; name: N; payload: JobPayload<N> } }[JobName];

/** Every repeatable job, by the id of its BullMQ job scheduler. */
export const SCHEDULES: readonly Schedule[] = [
  { schedulerId: 'prune-sessions', every: 6 * HOUR_MS, name: 'maintenance.prune-sessions', payload: {} },
  // Uploads never finalized.
  { schedulerId: 'purge-stale-uploads', every: HOUR_MS, name: 'maintenance.purge-stale-uploads', payload: {} },
];

/** Upserts every schedule at each start, so several workers keep one schedule per job. */
@Injectable()
export class Schedules implements OnApplicationBootstrap {
  private readonly logger = new Logger('Schedules');

  constructor(private readonly jobs: JobProducer) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const { schedulerId, every, name, payload } of SCHEDULES) {
      try {
        await this.jobs.schedule(schedulerId, { every }, name, payload);
      } catch (error) {
        this.logger.warn(`Could not schedule ${name}: ${(error as Error).message}`);
      }
    }
  }
}
