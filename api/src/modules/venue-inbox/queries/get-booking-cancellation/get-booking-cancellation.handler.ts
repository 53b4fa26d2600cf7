import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { BookingCancellation } from '@nocturne/contracts';
import { BookingCancelLink } from '#modules/venue-inbox/booking-cancel-link.js';
import { VenueInboxRepository } from '#modules/venue-inbox/venue-inbox.repository.js';
import { GetBookingCancellationQuery } from './get-booking-cancellation.query.js';

/** The booking behind a guest's cancel link, for the page that asks them to confirm. */
@QueryHandler(GetBookingCancellationQuery)
export class GetBookingCancellationHandler implements IQueryHandler<GetBookingCancellationQuery, BookingCancellation> {
  constructor(
    private readonly em: EntityManager,
    private readonly inbox: VenueInboxRepository,
    private readonly link: BookingCancelLink,
  ) {}

  async execute({ bookingId, token }: GetBookingCancellationQuery): Promise<BookingCancellation> {
    const booking = this.link.check(bookingId, token, await this.inbox.bookingForGuest(this.em, bookingId));
    return this.link.view(booking);
  }
}
