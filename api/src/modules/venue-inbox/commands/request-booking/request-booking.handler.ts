import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { clubNightOf } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { type ApiConfig, InjectConfig } from '../../../../config/api-config.js';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
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
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ input, ip }: RequestBookingCommand): Promise<{ id: string }> {
    const today = clubNightOf(new Date(), this.config.VENUE_TZ);
    if (input.date && input.date < today) {
      throw new VenueInboxFailure('invalid', `The date must be today (${today}) or later`, { issues: [{ path: 'date', message: `must be today (${today}) or later` }] });
    }
    return this.unitOfWork.run(async (tx, raise) => {
      const [row] = await tx.execute<{ id: string }[]>(
        `insert into bookings (name, email, phone, date, time, guests, service, message, ip)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
        [input.name, input.email, input.phone ?? null, input.date ?? null, input.time ?? null, input.guests, input.service, input.message ?? null, ip],
      );
      const id = row!.id;
      await tx.execute(
        `insert into email_deliveries (subject_type, subject_id, kind, recipient) values ('booking', ?, 'venue-notification', ?)`,
        [id, this.config.VENUE_INBOX],
      );
      // Nobody's inbox is flooded through our form: a few acknowledgements per address a day.
      const [sent] = await tx.execute<{ n: number }[]>(
        `select count(*)::int as n from email_deliveries
          where kind = 'guest-acknowledgement' and lower(recipient) = lower(?) and created_at > now() - interval '1 day'`,
        [input.email],
      );
      if ((sent?.n ?? 0) < ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY) {
        await tx.execute(
          `insert into email_deliveries (subject_type, subject_id, kind, recipient) values ('booking', ?, 'guest-acknowledgement', ?)`,
          [id, input.email],
        );
      }
      await raise(domainEvent('BookingRequested', id, { bookingId: id }));
      return { id };
    });
  }
}
