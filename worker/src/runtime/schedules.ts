import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JobProducer, type JobName, type JobPayload } from '@nocturne/queues';
import { InjectAreas, type WorkerArea } from './worker-area.js';

export const HOUR_MS = 3600_000;

/** How often: every so many milliseconds, or a cron pattern (in UTC unless `tz` says). */
type Repeat = { every: number } | { pattern: string; tz: string };

/** A repeatable job, by the id of its BullMQ job scheduler. */
export type Schedule = { [N in JobName]: { schedulerId: string; repeat: Repeat; name: N; payload: JobPayload<N> } }[JobName];

/** Upserts every area's schedules at each start, so several workers keep one schedule per job. */
@Injectable()
export class Schedules implements OnApplicationBootstrap {
  private readonly logger = new Logger('Schedules');

  constructor(
    private readonly jobs: JobProducer,
    @InjectAreas() private readonly areas: readonly WorkerArea[],
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const { schedulerId, repeat, name, payload } of this.areas.flatMap((area) => area.schedules ?? [])) {
      try {
        await this.jobs.schedule(schedulerId, repeat, name, payload);
      } catch (error) {
        this.logger.warn(`Could not schedule ${name}: ${(error as Error).message}`);
      }
    }
  }
}
