import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { QueueName } from '@nocturne/queues';
import type { Queue } from 'bullmq';

/** Hourly purge of abandoned uploads; upserted at every start so several workers keep one schedule. */
@Injectable()
export class PurgeStaleUploadsSchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger('PurgeStaleUploadsSchedule');

  constructor(@InjectQueue(QueueName.Maintenance) private readonly maintenance: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.maintenance.upsertJobScheduler('purge-stale-uploads', { every: 3600_000 }, { name: 'maintenance.purge-stale-uploads', data: {} });
    } catch (error) {
      this.logger.warn(`Could not schedule the upload purge: ${(error as Error).message}`);
    }
  }
}
