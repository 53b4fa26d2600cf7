import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { BookingView } from '@nocturne/contracts';
import { domainEvent } from '@nocturne/queues';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { GetBookingQuery } from '../../queries/get-booking/get-booking.query.js';
import { VenueInboxRepository } from '../../venue-inbox.repository.js';
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
    private readonly inbox: VenueInboxRepository,
    private readonly queries: QueryBus,
  ) {}

  async execute({ bookingId, input }: UpdateBookingStatusCommand): Promise<BookingView> {
    await this.unitOfWork.run(async (tx, raise) => {
      const booking = await this.inbox.lockBooking(tx, bookingId);
      if (!booking) throw new VenueInboxFailure('not_found', 'No such booking');
      if (booking.status === input.status) return;
      await this.inbox.setBookingStatus(tx, bookingId, input.status, input.note ?? null);
      await this.inbox.oweDeliveryAgain(tx, {
        subject_type: 'booking',
        subject_id: bookingId,
        kind: `guest-status-${input.status}`,
        recipient: booking.email,
      });
      await raise(domainEvent('BookingStatusChanged', bookingId, { bookingId, status: input.status }));
    });
    const view = await this.queries.execute(new GetBookingQuery(bookingId));
    if (!view) throw new VenueInboxFailure('not_found', 'No such booking');
    return view;
  }
}
