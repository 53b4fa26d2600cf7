import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { BookingList } from '@nocturne/contracts';
import { keysetPage, keysetPageStart } from '#common/keyset-page.js';
import { bookingView, deliveriesBySubject, venueNames } from '#modules/venue-inbox/venue-inbox-views.js';
import { staffInboxVenues } from '#modules/venue-inbox/staff-inbox-venues.js';
import { StaffVenues, VenueDirectory } from '#modules/venues/venues.public.js';
import { VenueInboxRepository } from '#modules/venue-inbox/venue-inbox.repository.js';
import { ListBookingsQuery } from './list-bookings.query.js';

/** The admin's booking inbox: newest first, a page at a time, each request with its status and where its e-mails stand. */
@QueryHandler(ListBookingsQuery)
export class ListBookingsHandler implements IQueryHandler<ListBookingsQuery, BookingList> {
  constructor(
    private readonly em: EntityManager,
    private readonly inbox: VenueInboxRepository,
    private readonly venues: VenueDirectory,
    private readonly staffVenues: StaffVenues,
  ) {}

  async execute({ page: { cursor, limit, status, night, venue }, staff }: ListBookingsQuery): Promise<BookingList> {
    const after = keysetPageStart(cursor);
    // One venue's inbox when the switcher names one (archived ones too: their history), else every
    // venue the staffer works at (the group's for an admin or a group account).
    const venueIds = await staffInboxVenues(this.em, { venues: this.venues, staffVenues: this.staffVenues }, staff, venue);
    const { page, nextCursor } = keysetPage(
      await this.inbox.listBookings(this.em, { after, status, night, venueIds, limit: limit + 1 }),
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
