import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { QueueName } from '@nocturne/queues';
import type { Queue } from 'bullmq';

/** Repeating maintenance; upserted at every start so several workers keep one schedule. */
@Injectable()
export class Schedules implements OnApplicationBootstrap {
  private readonly logger = new Logger('Schedules');

  constructor(@InjectQueue(QueueName.Maintenance) private readonly maintenance: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.maintenance.upsertJobScheduler('prune-sessions', { every: 6 * 3600_000 }, { name: 'maintenance.prune-sessions', data: {} });
      // Daily; the job works out the venue's club night itself. A no-op unless POINTS_EXPIRE_AFTER_MONTHS is set.
      await this.maintenance.upsertJobScheduler('expire-points', { pattern: '0 2 * * *', tz: 'UTC' }, { name: 'maintenance.expire-points', data: {} });
    } catch (error) {
      this.logger.warn(`Could not schedule maintenance: ${(error as Error).message}`);
    }
  }
}
