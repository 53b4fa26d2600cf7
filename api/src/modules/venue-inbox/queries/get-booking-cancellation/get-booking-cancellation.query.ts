import { Query } from '@nestjs/cqrs';
import type { BookingCancellation } from '@nocturne/contracts';

export class GetBookingCancellationQuery extends Query<BookingCancellation> {
  constructor(
    readonly bookingId: string,
    readonly token: string,
  ) {
    super();
  }
}
