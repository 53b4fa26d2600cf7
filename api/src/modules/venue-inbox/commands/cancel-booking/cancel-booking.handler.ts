import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BookingCancellation } from '@nocturne/contracts';
import { bookingNotCancellableMessage } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { BookingCancelLink } from '#modules/venue-inbox/booking-cancel-link.js';
import { BookingClock } from '#modules/venue-inbox/booking-clock.js';
import { VenueInboxRepository } from '#modules/venue-inbox/venue-inbox.repository.js';
import { VenueInboxFailure } from '#modules/venue-inbox/venue-inbox-failure.js';
import { CancelBookingCommand } from './cancel-booking.command.js';

/**
 * The guest cancels through the signed link in their e-mail: the booking becomes cancelled (staff
 * see it so), its place on the night is free again, and the e-mails not yet sent about it (the
 * reminder, a decision) are dropped; the venue inbox is e-mailed (BookingCancelled). Refused once its time has come, or when it holds no place.
 */
@CommandHandler(CancelBookingCommand)
export class CancelBookingHandler implements ICommandHandler<CancelBookingCommand, BookingCancellation> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly inbox: VenueInboxRepository,
    private readonly link: BookingCancelLink,
    private readonly clock: BookingClock,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ bookingId, token }: CancelBookingCommand): Promise<BookingCancellation> {
    return this.unitOfWork.run(async (tx, raise) => {
      const booking = this.link.check(bookingId, token, await this.inbox.bookingForGuest(tx, bookingId, true));
      if (!this.link.view(booking).cancellable) {
        throw new VenueInboxFailure('conflict', bookingNotCancellableMessage(booking.status));
      }
      await this.inbox.cancelBooking(tx, bookingId, this.clock.now());
      for (const kind of ['guest-reminder', 'guest-status-confirmed', 'guest-status-declined'] as const) {
        await this.inbox.dropUnsentDelivery(tx, bookingId, kind);
      }
      // The venue is told, as it was of the request.
      await this.inbox.insertDelivery(tx, {
        subject_type: 'booking',
        subject_id: bookingId,
        kind: 'venue-cancellation',
        recipient: this.config.VENUE_INBOX,
      });
      await raise(domainEvent('BookingCancelled', bookingId, { bookingId }));
      return this.link.view({ ...booking, status: 'cancelled' });
    });
  }
}
