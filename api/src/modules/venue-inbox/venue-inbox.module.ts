import { Module } from '@nestjs/common';
import { ReceiveContactMessageHandler } from './commands/receive-contact-message/receive-contact-message.handler.js';
import { RequestBookingHandler } from './commands/request-booking/request-booking.handler.js';
import { UpdateBookingStatusHandler } from './commands/update-booking-status/update-booking-status.handler.js';
import { VenueInboxQueries } from './queries/venue-inbox.queries.js';
import { VenueInboxController } from './venue-inbox.controller.js';
import { VenueRequestsController } from './venue-requests.controller.js';

/** Contact messages and booking requests: stored first, then e-mailed by the worker. */
@Module({
  controllers: [VenueRequestsController, VenueInboxController],
  providers: [VenueInboxQueries, ReceiveContactMessageHandler, RequestBookingHandler, UpdateBookingStatusHandler],
})
export class VenueInboxModule {}
