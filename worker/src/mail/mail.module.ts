import { Module } from '@nestjs/common';
import type { WorkerArea } from '../runtime/worker-area.js';
import { EmailDeliveryService } from './email-delivery.service.js';
import { EmailProcessor } from './email.processor.js';
import { MailVenues } from './mail-venues.js';
import { MailRepository } from './mail.repository.js';
import { Mailer } from './mailer.js';
import {
  BookingLinks,
  QueueBookingRemindersJob,
  SendBookingAcknowledgementJob,
  SendBookingCancelledJob,
  SendBookingReminderJob,
  SendBookingRequestJob,
  SendBookingStatusJob,
} from './send-booking-mails.job.js';
import { SendContactMessageJob } from './send-contact-message.job.js';
import { SendExistingAccountNoticeJob } from './send-existing-account-notice.job.js';
import { SendPasswordResetJob } from './send-password-reset.job.js';

const MAIL_JOBS = [
  SendPasswordResetJob,
  SendExistingAccountNoticeJob,
  SendContactMessageJob,
  SendBookingRequestJob,
  SendBookingAcknowledgementJob,
  SendBookingStatusJob,
  SendBookingReminderJob,
  QueueBookingRemindersJob,
  SendBookingCancelledJob,
];

/**
 * E-mail: the mailer (SMTP, or .eml files without SMTP_URL), the delivery rows other areas send
 * through (EmailDeliveryService: sent once, attempts and errors recorded), the venue's e-mails,
 * and the processor of the e-mail queue.
 */
@Module({
  providers: [...MAIL_JOBS, EmailProcessor, EmailDeliveryService, Mailer, MailRepository, MailVenues, BookingLinks],
  exports: [EmailDeliveryService],
})
export class MailModule {}

export const mailArea: WorkerArea = {
  name: 'mail',
  module: MailModule,
  jobs: MAIL_JOBS,
  processor: EmailProcessor,
  schedules: [
    // The afternoon of each night (14:00 venue time on): the job works out the night itself.
    {
      schedulerId: 'queue-booking-reminders',
      repeat: { every: 15 * 60_000 },
      name: 'maintenance.queue-booking-reminders',
      payload: {},
    },
  ],
};
