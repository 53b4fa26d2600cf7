import { Module } from '@nestjs/common';
import { BookingCancelLink } from './booking-cancel-link.js';
import { BookingClock } from './booking-clock.js';
import { CancelBookingHandler } from './commands/cancel-booking/cancel-booking.handler.js';
import { SetBookingCapacityHandler } from './commands/set-booking-capacity/set-booking-capacity.handler.js';
import { GetBookingAvailabilityHandler } from './queries/get-booking-availability/get-booking-availability.handler.js';
import { GetBookingCancellationHandler } from './queries/get-booking-cancellation/get-booking-cancellation.handler.js';
import { ListBookingCapacitiesHandler } from './queries/list-booking-capacities/list-booking-capacities.handler.js';
import { ReceiveContactMessageHandler } from './commands/receive-contact-message/receive-contact-message.handler.js';
import { RequestBookingHandler } from './commands/request-booking/request-booking.handler.js';
import { UpdateBookingStatusHandler } from './commands/update-booking-status/update-booking-status.handler.js';
import { UpdateContactMessageStateHandler } from './commands/update-contact-message-state/update-contact-message-state.handler.js';
import { CountWaitingHandler } from './queries/count-waiting/count-waiting.handler.js';
import { GetBookingHandler } from './queries/get-booking/get-booking.handler.js';
import { GetContactMessageHandler } from './queries/get-contact-message/get-contact-message.handler.js';
import { ListBookingsHandler } from './queries/list-bookings/list-bookings.handler.js';
import { ListContactMessagesHandler } from './queries/list-contact-messages/list-contact-messages.handler.js';
import { RecipientErasure } from './recipient-erasure.service.js';
import { VenueInboxController } from './venue-inbox.controller.js';
import { BookingCapacitiesRepository } from './booking-capacities.repository.js';
import { VenueInboxRepository } from './venue-inbox.repository.js';
import { VenueRequestsController } from './venue-requests.controller.js';

/** Contact messages and booking requests: stored first, then e-mailed by the worker. */
@Module({
  controllers: [VenueRequestsController, VenueInboxController],
  providers: [
    VenueInboxRepository,
    BookingCapacitiesRepository,
    BookingClock,
    BookingCancelLink,
    SetBookingCapacityHandler,
    CancelBookingHandler,
    GetBookingAvailabilityHandler,
    GetBookingCancellationHandler,
    ListBookingCapacitiesHandler,
    ReceiveContactMessageHandler,
    RequestBookingHandler,
    UpdateBookingStatusHandler,
    UpdateContactMessageStateHandler,
    ListContactMessagesHandler,
    ListBookingsHandler,
    GetBookingHandler,
    GetContactMessageHandler,
    CountWaitingHandler,
    RecipientErasure,
  ],
  exports: [RecipientErasure],
})
export class VenueInboxModule {}
