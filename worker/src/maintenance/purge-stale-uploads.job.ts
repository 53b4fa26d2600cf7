import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ObjectStorage } from '@nocturne/storage';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { MaintenanceRepository } from './maintenance.repository.js';
import { InjectStorage } from './object-storage.provider.js';

/** Signed uploads never finalized within this long are abandoned. */
const STALE_UPLOAD_HOURS = 24;
const BATCH = 100;

/**
 * Deletes uploads that were signed but never finalized after a day: the object, then its record,
 * in batches. Rows are locked (`skip locked`) while their objects go, so a finalize racing the
 * purge waits and then finds no record; deleting twice is harmless, so a retried run is too.
 */
@Injectable()
@HandlesJob('maintenance.purge-stale-uploads')
export class PurgeStaleUploadsJob implements JobHandler<'maintenance.purge-stale-uploads'> {
  constructor(
    private readonly em: EntityManager,
    private readonly maintenance: MaintenanceRepository,
    @InjectStorage() private readonly storage: ObjectStorage,
  ) {}

  async handle(): Promise<{ purged: number }> {
    let purged = 0;
    for (;;) {
      const count = await this.em.fork().transactional(async (tx) => {
        const stale = await this.maintenance.lockStaleUploads(tx, STALE_UPLOAD_HOURS, BATCH);
        for (const key of stale) await this.storage.delete(key);
        await this.maintenance.deleteUploads(tx, stale);
        return stale.length;
      });
      purged += count;
      if (count < BATCH) return { purged };
    }
  }
}
