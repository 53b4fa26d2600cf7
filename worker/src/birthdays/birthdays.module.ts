import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import type { WorkerArea } from '../runtime/worker-area.js';
import { BirthdaysRepository } from './birthdays.repository.js';
import { GrantBirthdayCouponsJob } from './grant-birthday-coupons.job.js';
import { SendBirthdayCouponJob } from './send-birthday-coupon.job.js';

const BIRTHDAYS_JOBS = [GrantBirthdayCouponsJob, SendBirthdayCouponJob];

/**
 * Birthdays: the daily grant of the manager's birthday coupon in each member's
 * birthday week, and its e-mail, sent through the mail area. Its jobs run on the maintenance and
 * e-mail queues: it owns no queue.
 */
@Module({
  imports: [MailModule],
  providers: [...BIRTHDAYS_JOBS, BirthdaysRepository],
})
class BirthdaysModule {}

export const birthdaysArea: WorkerArea = {
  name: 'birthdays',
  module: BirthdaysModule,
  jobs: BIRTHDAYS_JOBS,
  schedules: [
    // Daily; the job works out the venue's date itself (a birthday week is seven days: any hour does).
    {
      schedulerId: 'grant-birthday-coupons',
      repeat: { pattern: '15 6 * * *', tz: 'UTC' },
      name: 'maintenance.grant-birthday-coupons',
      payload: {},
    },
  ],
};
