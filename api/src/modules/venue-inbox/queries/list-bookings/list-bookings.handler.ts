import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { BookingView } from '@nocturne/contracts';
import { bookingView, deliveriesBySubject } from '../../venue-inbox-views.js';
import { VenueInboxRepository } from '../../venue-inbox.repository.js';
import { ListBookingsQuery } from './list-bookings.query.js';

/** The admin's booking inbox: newest first, each request with its status and where its e-mails stand. */
@QueryHandler(ListBookingsQuery)
export class ListBookingsHandler implements IQueryHandler<ListBookingsQuery, BookingView[]> {
  constructor(
    private readonly em: EntityManager,
    private readonly inbox: VenueInboxRepository,
  ) {}

  async execute({ page }: ListBookingsQuery): Promise<BookingView[]> {
    const rows = await this.inbox.listBookings(this.em, page);
    const deliveries = deliveriesBySubject(
      await this.inbox.deliveriesOf(
        this.em,
        rows.map((row) => row.id),
      ),
    );
    return rows.map((row) => bookingView(row, deliveries));
  }
}
