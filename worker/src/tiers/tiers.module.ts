import { Module } from '@nestjs/common';
import type { WorkerArea } from '../runtime/worker-area.js';
import { GrantTierCouponsJob } from './grant-tier-coupons.job.js';
import { TierCouponsRepository } from './tiers.repository.js';

const TIERS_JOBS = [GrantTierCouponsJob];

/**
 * Tiers: the daily grant of each tier's monthly coupon, once per member and
 * venue month. Its job runs on the maintenance queue: it owns no queue.
 */
@Module({
  providers: [...TIERS_JOBS, TierCouponsRepository],
})
class TiersModule {}

export const tiersArea: WorkerArea = {
  name: 'tiers',
  module: TiersModule,
  jobs: TIERS_JOBS,
  schedules: [
    // Daily, so a month's coupons are given on its first day, or the first day the worker runs in it.
    {
      schedulerId: 'grant-tier-coupons',
      repeat: { pattern: '30 6 * * *', tz: 'UTC' },
      name: 'maintenance.grant-tier-coupons',
      payload: {},
    },
  ],
};
