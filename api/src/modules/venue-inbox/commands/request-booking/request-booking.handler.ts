import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { clubNightOf } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { type ApiConfig, InjectConfig } from '../../../../config/api-config.js';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { VenueInboxRepository } from '../../venue-inbox.repository.js';
import { RequestBookingCommand } from './request-booking.command.js';
import { VenueInboxFailure } from '../../venue-inbox-failure.js';

/** Acknowledgements one address gets in a day at most; past that the booking is kept, the guest not e-mailed again. */
export const ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY = 3;

/**
 * Stores a booking request with its two pending e-mails (venue inbox, guest acknowledgement) and
 * the BookingRequested event in one transaction. "Today" is the current club night in venue
 * time, so a request at 2 am for "tonight" is still accepted.
 */
@CommandHandler(RequestBookingCommand)
export class RequestBookingHandler implements ICommandHandler<RequestBookingCommand, { id: string }> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly inbox: VenueInboxRepository,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ input, ip }: RequestBookingCommand): Promise<{ id: string }> {
    const today = clubNightOf(new Date(), this.config.VENUE_TZ);
    if (input.date && input.date < today) {
      throw new VenueInboxFailure('invalid', `The date must be today (${today}) or later`, {
        issues: [{ path: 'date', message: `must be today (${today}) or later` }],
      });
    }
    return this.unitOfWork.run(async (tx, raise) => {
      const id = await this.inbox.insertBooking(tx, {
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        date: input.date ?? null,
        time: input.time ?? null,
        guests: input.guests,
        service: input.service,
        message: input.message ?? null,
        ip,
      });
      await this.inbox.insertDelivery(tx, {
        subject_type: 'booking',
        subject_id: id,
        kind: 'venue-notification',
        recipient: this.config.VENUE_INBOX,
      });
      // Nobody's inbox is flooded through our form: a few acknowledgements per address a day.
      if ((await this.inbox.acknowledgementsInLastDay(tx, input.email)) < ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY) {
        await this.inbox.insertDelivery(tx, {
          subject_type: 'booking',
          subject_id: id,
          kind: 'guest-acknowledgement',
          recipient: input.email,
        });
      }
      await raise(domainEvent('BookingRequested', id, { bookingId: id }));
      return { id };
    });
  }
}
