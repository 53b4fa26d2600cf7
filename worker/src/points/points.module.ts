import { Module } from '@nestjs/common';
import { Ledger, tierThresholdsFrom } from '@nocturne/ledger';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config.js';
import { MailModule } from '../mail/mail.module.js';
import type { WorkerArea } from '../runtime/worker-area.js';
import { ExpirePointsJob } from './expire-points.job.js';
import { PointsExpiryRepository } from './points-expiry.repository.js';
import { SendPointsExpiryWarningJob } from './send-points-expiry-warning.job.js';

const POINTS_JOBS = [ExpirePointsJob, SendPointsExpiryWarningJob];

/**
 * Points expiry (POINTS_EXPIRE_AFTER_MONTHS): the nightly expiry, written through the ledger
 * library like every change of points, and the warning e-mails, sent through the mail area. Its
 * jobs run on the maintenance and e-mail queues: it owns no queue.
 */
@Module({
  imports: [MailModule],
  providers: [
    ...POINTS_JOBS,
    PointsExpiryRepository,
    { provide: Ledger, inject: [WORKER_CONFIG], useFactory: (config: WorkerConfig) => new Ledger(tierThresholdsFrom(config)) },
  ],
})
class PointsModule {}

export const pointsArea: WorkerArea = {
  name: 'points',
  module: PointsModule,
  jobs: POINTS_JOBS,
  schedules: [
    // Daily; the job works out the venue's club night itself. A no-op unless POINTS_EXPIRE_AFTER_MONTHS is set.
    { schedulerId: 'expire-points', repeat: { pattern: '0 2 * * *', tz: 'UTC' }, name: 'maintenance.expire-points', payload: {} },
  ],
};
