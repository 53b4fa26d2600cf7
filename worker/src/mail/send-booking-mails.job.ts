import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { bookingCancelKey, bookingCancelUrl } from '@nocturne/config';
import { guestCanCancel, reminderNight } from '@nocturne/domain';
import { JobProducer, type JobPayload } from '@nocturne/queues';
import type { Job } from 'bullmq';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { type Clock, InjectClock } from '../runtime/clock.js';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';
import { bookingIcs } from './booking-ics.js';
import { bookingDecisionMail, bookingReminderMail, bookingSummary, cancelLine, readableWhen, signature } from './booking-mail.js';
import { type DeliveryOutcome, EmailDeliveryService } from './email-delivery.service.js';
import { MailVenues } from './mail-venues.js';
import { type BookingForMail, MailRepository } from './mail.repository.js';

/** The booking's night and time for a subject line, or "date open" for a request without either. */
const subjectWhen = (booking: Pick<BookingForMail, 'date' | 'time'>) =>
  booking.date || booking.time ? readableWhen(booking.date, booking.time) : 'date open';

/** Tells the venue inbox about a new booking request. */
@Injectable()
@HandlesJob('email.booking-request')
export class SendBookingRequestJob implements JobHandler<'email.booking-request'> {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailRepository,
    private readonly venues: MailVenues,
    private readonly deliveries: EmailDeliveryService,
  ) {}

  async handle({ bookingId }: JobPayload<'email.booking-request'>, job: Job): Promise<DeliveryOutcome> {
    const booking = await this.mail.findBooking(this.em, bookingId);
    if (!booking) return 'no delivery';
    const venue = await this.venues.of(this.em, booking.venue_id);
    return this.deliveries.deliver(bookingId, 'venue-notification', job, () => ({
      subject: `Booking request: ${booking.name}, ${subjectWhen(booking)}`,
      replyTo: booking.email,
      text: [
        `From: ${booking.name} <${booking.email}>`,
        `Phone: ${booking.phone ?? 'not given'}`,
        ...bookingSummary(booking, venue),
        `Reference: ${booking.id}`,
        '',
        booking.message ?? '(no message)',
        '',
        'Confirm or decline it in the admin dashboard; the guest is e-mailed either way.',
      ].join('\n'),
    }));
  }
}

/** Tells the venue inbox the guest cancelled through the link in their e-mail (the place is free again). */
@Injectable()
@HandlesJob('email.booking-cancelled')
export class SendBookingCancelledJob implements JobHandler<'email.booking-cancelled'> {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailRepository,
    private readonly venues: MailVenues,
    private readonly deliveries: EmailDeliveryService,
  ) {}

  async handle({ bookingId }: JobPayload<'email.booking-cancelled'>, job: Job): Promise<DeliveryOutcome> {
    const booking = await this.mail.findBooking(this.em, bookingId);
    if (!booking) return 'no delivery';
    const venue = await this.venues.of(this.em, booking.venue_id);
    return this.deliveries.deliver(bookingId, 'venue-cancellation', job, () => ({
      subject: `Booking cancelled by the guest: ${booking.name}, ${subjectWhen(booking)}`,
      replyTo: booking.email,
      text: [
        `${booking.name} <${booking.email}> cancelled this booking through the link in their e-mail; its place is free again.`,
        '',
        ...bookingSummary(booking, venue),
        `Reference: ${booking.id}`,
      ].join('\n'),
    }));
  }
}

/** The signed link that lets a guest cancel without an account (checked by the api). */
@Injectable()
export class BookingLinks {
  private readonly key: string;

  constructor(@InjectConfig() private readonly config: WorkerConfig) {
    this.key = bookingCancelKey(config.QR_SECRET);
  }

  cancelUrl(bookingId: string): string {
    return bookingCancelUrl(this.config.APP_URL, this.key, bookingId);
  }
}

/** Tells the guest the request arrived and the venue will be in touch within 24 hours. */
@Injectable()
@HandlesJob('email.booking-acknowledgement')
export class SendBookingAcknowledgementJob implements JobHandler<'email.booking-acknowledgement'> {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailRepository,
    private readonly venues: MailVenues,
    private readonly deliveries: EmailDeliveryService,
    private readonly links: BookingLinks,
  ) {}

  async handle({ bookingId }: JobPayload<'email.booking-acknowledgement'>, job: Job): Promise<DeliveryOutcome> {
    const booking = await this.mail.findBooking(this.em, bookingId);
    if (!booking) return 'no delivery';
    const venue = await this.venues.of(this.em, booking.venue_id);
    const name = signature(venue);
    return this.deliveries.deliver(bookingId, 'guest-acknowledgement', job, () => ({
      subject: `We have your booking request - ${name}`,
      text: [
        // Nothing the sender typed in the first line or the subject: the form must not be a way to
        // put one's own words at the top of a stranger's inbox.
        `Thank you for your booking request at ${name}. Our team will contact you within 24 hours to confirm the details.`,
        '',
        ...bookingSummary(booking, venue),
        '',
        cancelLine(this.links.cancelUrl(booking.id)),
        '',
        name,
      ].join('\n'),
    }));
  }
}

/**
 * Tells the guest the venue confirmed or declined the booking, with the venue's note. A
 * confirmation carries the booking as an .ics attachment (RFC 5545) and the link to cancel.
 */
@Injectable()
@HandlesJob('email.booking-status')
export class SendBookingStatusJob implements JobHandler<'email.booking-status'> {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailRepository,
    private readonly venues: MailVenues,
    private readonly deliveries: EmailDeliveryService,
    private readonly links: BookingLinks,
    @InjectClock() private readonly clock: Clock,
  ) {}

  async handle({ bookingId, status }: JobPayload<'email.booking-status'>, job: Job): Promise<DeliveryOutcome> {
    const booking = await this.mail.findBooking(this.em, bookingId);
    if (!booking) return 'no delivery';
    const venue = await this.venues.of(this.em, booking.venue_id);
    // A decision changed since this job was queued: the guest gets the newer one's e-mail instead.
    return this.deliveries.deliver(bookingId, `guest-status-${status}`, job, () => {
      if (booking.status !== status) return undefined;
      if (status === 'declined') return bookingDecisionMail(booking, status, undefined, venue);
      const cancelUrl = this.links.cancelUrl(booking.id);
      const mail = bookingDecisionMail(booking, status, cancelUrl, venue);
      // Bookings from before night and time were required may lack them: no calendar entry then.
      if (!booking.date || !booking.time) return mail;
      const ics = bookingIcs(
        { id: booking.id, date: booking.date, time: booking.time, guests: booking.guests, service: booking.service },
        {
          // The booking's venue: its zone and closing hour; in a group its name and address too.
          timeZone: venue.timeZone,
          openingHours: venue.openingHours,
          stamp: this.clock(),
          cancelUrl,
          ...(venue.named ? { venueName: venue.name, venueAddress: venue.address || undefined } : {}),
        },
      );
      return {
        ...mail,
        attachments: [
          { filename: 'nocturne-booking.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
        ],
      };
    });
  }
}

/**
 * Every quarter hour: from 14:00 venue time on a night's date, owes each of that night's confirmed
 * bookings one reminder (an email_deliveries row, unique per booking) and queues it. A booking
 * whose time has already come is left alone. Before 14:00 it does nothing.
 */
@Injectable()
@HandlesJob('maintenance.queue-booking-reminders')
export class QueueBookingRemindersJob implements JobHandler<'maintenance.queue-booking-reminders'> {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailRepository,
    private readonly venues: MailVenues,
    private readonly jobs: JobProducer,
    @InjectConfig() private readonly config: WorkerConfig,
    @InjectClock() private readonly clock: Clock,
  ) {}

  /** `night`: the install's (VENUE_TZ) night reminded, if any; each venue's own zone decides its own. */
  async handle(): Promise<{ night: string | null; queued: number }> {
    const now = this.clock();
    let queued = 0;
    for (const [zone, venueIds] of await this.venues.idsByZone(this.em)) {
      const night = reminderNight(now, zone);
      if (!night) continue;
      for (const booking of await this.mail.bookingsToRemind(this.em, night, venueIds)) {
        if (!guestCanCancel({ status: 'confirmed', date: night, time: booking.time }, now, zone)) continue;
        if (!(await this.mail.oweReminder(this.em, booking.id, booking.email))) continue;
        await this.jobs.enqueue('email.booking-reminder', { bookingId: booking.id }, { jobId: `booking-reminder-${booking.id}` });
        queued += 1;
      }
    }
    return { night: reminderNight(now, this.config.VENUE_TZ), queued };
  }
}

/** The guest's reminder the afternoon of the night, with the link to cancel; not sent once the booking is no longer confirmed. */
@Injectable()
@HandlesJob('email.booking-reminder')
export class SendBookingReminderJob implements JobHandler<'email.booking-reminder'> {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailRepository,
    private readonly venues: MailVenues,
    private readonly deliveries: EmailDeliveryService,
    private readonly links: BookingLinks,
  ) {}

  async handle({ bookingId }: JobPayload<'email.booking-reminder'>, job: Job): Promise<DeliveryOutcome> {
    const booking = await this.mail.findBooking(this.em, bookingId);
    if (!booking) return 'no delivery';
    const venue = await this.venues.of(this.em, booking.venue_id);
    return this.deliveries.deliver(bookingId, 'guest-reminder', job, () =>
      booking.status === 'confirmed' ? bookingReminderMail(booking, this.links.cancelUrl(booking.id), venue) : undefined,
    );
  }
}
