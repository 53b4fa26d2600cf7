import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { JobPayload } from '@nocturne/queues';
import type { Job } from 'bullmq';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { bookingDecisionMail, bookingSummary } from './booking-mail.js';
import { type DeliveryOutcome, EmailDeliveryService } from './email-delivery.service.js';
import { MailRepository } from './mail.repository.js';

/** Tells the venue inbox about a new booking request. */
@Injectable()
@HandlesJob('email.booking-request')
export class SendBookingRequestJob implements JobHandler<'email.booking-request'> {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailRepository,
    private readonly deliveries: EmailDeliveryService,
  ) {}

  async handle({ bookingId }: JobPayload<'email.booking-request'>, job: Job): Promise<DeliveryOutcome> {
    const booking = await this.mail.findBooking(this.em, bookingId);
    if (!booking) return 'no delivery';
    return this.deliveries.deliver(bookingId, 'venue-notification', job, () => ({
      subject: `Booking request: ${booking.name}, ${booking.date ?? 'date open'}`,
      replyTo: booking.email,
      text: [
        `From: ${booking.name} <${booking.email}>`,
        `Phone: ${booking.phone ?? 'not given'}`,
        ...bookingSummary(booking),
        `Reference: ${booking.id}`,
        '',
        booking.message ?? '(no message)',
        '',
        'Confirm or decline it in the admin dashboard; the guest is e-mailed either way.',
      ].join('\n'),
    }));
  }
}

/** Tells the guest the request arrived and the venue will be in touch within 24 hours. */
@Injectable()
@HandlesJob('email.booking-acknowledgement')
export class SendBookingAcknowledgementJob implements JobHandler<'email.booking-acknowledgement'> {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailRepository,
    private readonly deliveries: EmailDeliveryService,
  ) {}

  async handle({ bookingId }: JobPayload<'email.booking-acknowledgement'>, job: Job): Promise<DeliveryOutcome> {
    const booking = await this.mail.findBooking(this.em, bookingId);
    if (!booking) return 'no delivery';
    return this.deliveries.deliver(bookingId, 'guest-acknowledgement', job, () => ({
      subject: 'We have your booking request - Nocturne',
      text: [
        // Nothing the sender typed in the first line or the subject: the form must not be a way to
        // put one's own words at the top of a stranger's inbox.
        'Thank you for your booking request at Nocturne. Our team will contact you within 24 hours to confirm the details.',
        '',
        ...bookingSummary(booking),
        '',
        'Nocturne',
      ].join('\n'),
    }));
  }
}

/** Tells the guest the venue confirmed or declined the booking, with the venue's note. */
@Injectable()
@HandlesJob('email.booking-status')
export class SendBookingStatusJob implements JobHandler<'email.booking-status'> {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailRepository,
    private readonly deliveries: EmailDeliveryService,
  ) {}

  async handle({ bookingId, status }: JobPayload<'email.booking-status'>, job: Job): Promise<DeliveryOutcome> {
    const booking = await this.mail.findBooking(this.em, bookingId);
    if (!booking) return 'no delivery';
    // A decision changed since this job was queued: the guest gets the newer one's e-mail instead.
    return this.deliveries.deliver(bookingId, `guest-status-${status}`, job, () =>
      booking.status === status ? bookingDecisionMail(booking, status) : undefined,
    );
  }
}
