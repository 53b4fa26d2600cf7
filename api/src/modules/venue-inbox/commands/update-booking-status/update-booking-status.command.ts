import { Command } from '@nestjs/cqrs';
import type { BookingView, UpdateBookingStatusRequest } from '@nocturne/contracts';

export class UpdateBookingStatusCommand extends Command<BookingView> {
  constructor(
    readonly bookingId: string,
    readonly input: UpdateBookingStatusRequest,
    readonly adminId: string,
  ) {
    super();
  }
}
