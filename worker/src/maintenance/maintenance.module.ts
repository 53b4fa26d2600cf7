import { Module } from '@nestjs/common';
import { HOUR_MS } from '../runtime/schedules.js';
import type { WorkerArea } from '../runtime/worker-area.js';
import { MaintenanceProcessor } from './maintenance.processor.js';
import { MaintenanceRepository } from './maintenance.repository.js';
import { objectStorageProvider } from './object-storage.provider.js';
import { PruneSessionsJob } from './prune-sessions.job.js';
import { PurgeStaleUploadsJob } from './purge-stale-uploads.job.js';
import { TrimLogsJob } from './trim-logs.job.js';

const MAINTENANCE_JOBS = [PruneSessionsJob, PurgeStaleUploadsJob, TrimLogsJob];

/** Housekeeping: expired sessions and reset tokens, uploads never finalized, logs past their retention; the processor of the maintenance queue. */
@Module({ providers: [...MAINTENANCE_JOBS, MaintenanceProcessor, MaintenanceRepository, objectStorageProvider] })
class MaintenanceModule {}

export const maintenanceArea: WorkerArea = {
  name: 'maintenance',
  module: MaintenanceModule,
  jobs: MAINTENANCE_JOBS,
  processor: MaintenanceProcessor,
  schedules: [
    { schedulerId: 'prune-sessions', repeat: { every: 6 * HOUR_MS }, name: 'maintenance.prune-sessions', payload: {} },
    // Uploads never finalized.
    { schedulerId: 'purge-stale-uploads', repeat: { every: HOUR_MS }, name: 'maintenance.purge-stale-uploads', payload: {} },
    // The logs past their retention (docs/SECURITY.md).
    { schedulerId: 'trim-logs', repeat: { every: 24 * HOUR_MS }, name: 'maintenance.trim-logs', payload: {} },
  ],
};
