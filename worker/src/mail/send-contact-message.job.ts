import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { venueDateTime } from '@nocturne/domain';
import type { JobPayload } from '@nocturne/queues';
import type { Job } from 'bullmq';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { type DeliveryOutcome, EmailDeliveryService } from './email-delivery.service.js';
import { MailRepository } from './mail.repository.js';

/** E-mails a contact-form message to the venue inbox, with Reply-To set to the sender. */
@Injectable()
@HandlesJob('email.contact-message')
export class SendContactMessageJob implements JobHandler<'email.contact-message'> {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailRepository,
    private readonly deliveries: EmailDeliveryService,
    @InjectConfig() private readonly config: WorkerConfig,
  ) {}

  async handle({ contactMessageId }: JobPayload<'email.contact-message'>, job: Job): Promise<DeliveryOutcome> {
    const row = await this.mail.findContactMessage(this.em, contactMessageId);
    if (!row) return 'no delivery';
    return this.deliveries.deliver(contactMessageId, 'venue-notification', job, () => ({
      subject: `Contact form: ${row.name}`,
      replyTo: row.email,
      text: [
        `From: ${row.name} <${row.email}>`,
        row.phone ? `Phone: ${row.phone}` : undefined,
        // Venue time on a 24-hour clock, as staff read every time: "Thursday 26 November 2026, 01:30 (Australia/Sydney)".
        `Received: ${venueDateTime(new Date(row.created_at), this.config.VENUE_TZ)}`,
        `Reference: ${contactMessageId}`,
        '',
        row.message,
      ]
        .filter((line) => line !== undefined)
        .join('\n'),
    }));
  }
}
