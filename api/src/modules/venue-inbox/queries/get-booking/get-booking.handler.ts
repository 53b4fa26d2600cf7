import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { BookingView } from '@nocturne/contracts';
import { bookingView, deliveriesBySubject, venueNames } from '#modules/venue-inbox/venue-inbox-views.js';
import { VenueInboxRepository } from '#modules/venue-inbox/venue-inbox.repository.js';
import { VenueDirectory } from '#modules/venues/venues.public.js';
import { GetBookingQuery } from './get-booking.query.js';

/** One booking as the inbox shows it, or undefined when there is no such booking. */
@QueryHandler(GetBookingQuery)
export class GetBookingHandler implements IQueryHandler<GetBookingQuery, BookingView | undefined> {
  constructor(
    private readonly em: EntityManager,
    private readonly inbox: VenueInboxRepository,
    private readonly venues: VenueDirectory,
  ) {}

  async execute({ bookingId }: GetBookingQuery): Promise<BookingView | undefined> {
    const [row] = await this.inbox.listBookings(this.em, { id: bookingId, limit: 1 });
    if (!row) return undefined;
    const deliveries = deliveriesBySubject(await this.inbox.deliveriesOf(this.em, [row.id]));
    return bookingView(row, deliveries, venueNames(await this.venues.all()));
  }
}
