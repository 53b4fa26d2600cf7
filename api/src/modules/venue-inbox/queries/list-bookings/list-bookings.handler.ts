import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { BookingList } from '@nocturne/contracts';
import { keysetPage, keysetPageStart } from '#common/keyset-page.js';
import { bookingView, deliveriesBySubject, venueNames } from '#modules/venue-inbox/venue-inbox-views.js';
import { requestVenue } from '#modules/venue-inbox/request-venue.js';
import { VenueDirectory } from '#modules/venues/venues.public.js';
import { VenueInboxRepository } from '#modules/venue-inbox/venue-inbox.repository.js';
import { ListBookingsQuery } from './list-bookings.query.js';

/** The admin's booking inbox: newest first, a page at a time, each request with its status and where its e-mails stand. */
@QueryHandler(ListBookingsQuery)
export class ListBookingsHandler implements IQueryHandler<ListBookingsQuery, BookingList> {
  constructor(
    private readonly em: EntityManager,
    private readonly inbox: VenueInboxRepository,
    private readonly venues: VenueDirectory,
  ) {}

  async execute({ page: { cursor, limit, status, night, venue } }: ListBookingsQuery): Promise<BookingList> {
    const after = keysetPageStart(cursor);
    // One venue's inbox when the switcher names one (archived ones too: their history), else the group's.
    const venueId = venue === undefined ? undefined : (await requestVenue(this.venues, venue, { open: false })).id;
    const { page, nextCursor } = keysetPage(
      await this.inbox.listBookings(this.em, { after, status, night, venueId, limit: limit + 1 }),
      limit,
    );
    const deliveries = deliveriesBySubject(
      await this.inbox.deliveriesOf(
        this.em,
        page.map((row) => row.id),
      ),
    );
    const names = venueNames(await this.venues.all());
    return { bookings: page.map((row) => bookingView(row, deliveries, names)), nextCursor };
  }
}
