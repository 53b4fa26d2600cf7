import { Query } from '@nestjs/cqrs';
import type { BookingView } from '@nocturne/contracts';

export class GetBookingQuery extends Query<BookingView | undefined> {
  constructor(readonly bookingId: string) {
    super();
  }
}
