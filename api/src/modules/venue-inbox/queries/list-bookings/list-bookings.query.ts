import { Query } from '@nestjs/cqrs';
import type { BookingView, BookingsQuery } from '@nocturne/contracts';

export class ListBookingsQuery extends Query<BookingView[]> {
  constructor(readonly page: BookingsQuery) {
    super();
  }
}
