import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BookingView } from '@nocturne/contracts';
import { domainEvent } from '@nocturne/queues';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { VenueInboxQueries } from '../../queries/venue-inbox.queries.js';
import { UpdateBookingStatusCommand } from './update-booking-status.command.js';
import { VenueInboxFailure } from '../../venue-inbox-failure.js';

/**
 * Confirms or declines a booking and owes the guest an e-mail about it. Setting the status it
 * already has changes nothing and sends nothing; changing it back and forth sends one e-mail per
 * change (the delivery for that status is reset to pending).
 */
@CommandHandler(UpdateBookingStatusCommand)
export class UpdateBookingStatusHandler implements ICommandHandler<UpdateBookingStatusCommand, BookingView> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: VenueInboxQueries,
  ) {}

  async execute({ bookingId, input }: UpdateBookingStatusCommand): Promise<BookingView> {
    await this.unitOfWork.run(async (tx, raise) => {
      const [booking] = await tx.execute<{ email: string; status: string }[]>('select email, status from bookings where id = ? for update', [bookingId]);
      if (!booking) throw new VenueInboxFailure('not_found', 'No such booking');
      if (booking.status === input.status) return;
      await tx.execute('update bookings set status = ?, status_note = ?, status_changed_at = now() where id = ?', [
        input.status,
        input.note ?? null,
        bookingId,
      ]);
      await tx.execute(
        `insert into email_deliveries (subject_type, subject_id, kind, recipient) values ('booking', ?, ?, ?)
           on conflict (subject_id, kind) do update
             set state = 'pending', attempts = 0, last_error = null, sent_at = null, recipient = excluded.recipient, updated_at = now()`,
        [bookingId, `guest-status-${input.status}`, booking.email],
      );
      await raise(domainEvent('BookingStatusChanged', bookingId, { bookingId, status: input.status }));
    });
    const view = await this.queries.booking(bookingId);
    if (!view) throw new VenueInboxFailure('not_found', 'No such booking');
    return view;
  }
}
