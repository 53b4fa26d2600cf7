import { Query } from '@nestjs/cqrs';
import type { BookingList, BookingsQuery } from '@nocturne/contracts';
import type { Staffer } from '#modules/venues/venues.public.js';

export class ListBookingsQuery extends Query<BookingList> {
  /** A page of the inbox as `staff` may see it: the venue named, or every venue they work at. */
  constructor(
    readonly page: BookingsQuery,
    readonly staff: Staffer,
  ) {
    super();
  }
}
