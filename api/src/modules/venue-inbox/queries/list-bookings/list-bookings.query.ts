import { Query } from '@nestjs/cqrs';
import type { BookingList, BookingsQuery } from '@nocturne/contracts';

export class ListBookingsQuery extends Query<BookingList> {
  constructor(readonly page: BookingsQuery) {
    super();
  }
}
