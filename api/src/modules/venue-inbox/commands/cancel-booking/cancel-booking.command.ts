import { Command } from '@nestjs/cqrs';
import type { BookingCancellation } from '@nocturne/contracts';

export class CancelBookingCommand extends Command<BookingCancellation> {
  constructor(
    readonly bookingId: string,
    readonly token: string,
  ) {
    super();
  }
}
