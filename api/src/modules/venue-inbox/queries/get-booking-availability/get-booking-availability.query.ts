import { Query } from '@nestjs/cqrs';
import type { BookingAvailability, BookingAvailabilityQuery } from '@nocturne/contracts';

export class GetBookingAvailabilityQuery extends Query<BookingAvailability> {
  constructor(readonly range: BookingAvailabilityQuery) {
    super();
  }
}
