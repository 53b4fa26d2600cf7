import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { BookingView } from '@nocturne/contracts';
import { BOOKING_DECISIONS } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { GetBookingQuery } from '#modules/venue-inbox/queries/get-booking/get-booking.query.js';
import { VenueInboxRepository } from '#modules/venue-inbox/venue-inbox.repository.js';
import { UpdateBookingStatusCommand } from './update-booking-status.command.js';
import { VenueInboxFailure } from '#modules/venue-inbox/venue-inbox-failure.js';
import { StaffVenues } from '#modules/venues/venues.public.js';

/**
 * Confirms or declines a booking, records the admin, and owes the guest an e-mail with the note.
 * A decision can be changed (a confirmed booking cancelled, a declined one taken after all): the
 * guest gets the new decision's e-mail, and the old one's is dropped if it has not gone out yet.
 * Repeating the decision the booking already has is refused (409), as is deciding a booking that
 * someone else decided since the admin looked (`expectedStatus`): either would drop the note or
 * overturn a colleague without anyone noticing.
 */
@CommandHandler(UpdateBookingStatusCommand)
export class UpdateBookingStatusHandler implements ICommandHandler<UpdateBookingStatusCommand, BookingView> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly inbox: VenueInboxRepository,
    private readonly queries: QueryBus,
    private readonly staffVenues: StaffVenues,
  ) {}

  async execute({ bookingId, input, adminId }: UpdateBookingStatusCommand): Promise<BookingView> {
    await this.unitOfWork.run(async (tx, raise) => {
      const booking = await this.inbox.lockBooking(tx, bookingId);
      if (!booking) throw new VenueInboxFailure('not_found', 'No such booking');
      // A manager of some venues decides their bookings only.
      await this.staffVenues.assertWorksAt(tx, adminId, booking.venue_id);
      // The guest cancelled through their e-mail's link: there is nothing left to decide.
      if (booking.status === 'cancelled') throw new VenueInboxFailure('conflict', 'The guest cancelled this booking.');
      const by = booking.decided_by ? ` by ${booking.decided_by}` : '';
      if (booking.status === input.status) {
        throw new VenueInboxFailure('conflict', `This booking is already ${booking.status}${by}.`);
      }
      if (input.expectedStatus !== undefined && booking.status !== input.expectedStatus) {
        throw new VenueInboxFailure('conflict', `This booking was ${booking.status}${by} in the meantime; nothing was changed.`);
      }
      await this.inbox.setBookingStatus(tx, bookingId, { status: input.status, note: input.note ?? null, adminId });
      for (const other of BOOKING_DECISIONS.filter((decision) => decision !== input.status)) {
        await this.inbox.dropUnsentDelivery(tx, bookingId, `guest-status-${other}`);
      }
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
