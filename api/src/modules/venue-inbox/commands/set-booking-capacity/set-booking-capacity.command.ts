import { Command } from '@nestjs/cqrs';
import type { BookingCapacityView, SetBookingCapacityRequest } from '@nocturne/contracts';

export class SetBookingCapacityCommand extends Command<BookingCapacityView> {
  constructor(
    readonly input: SetBookingCapacityRequest,
    readonly adminId: string,
  ) {
    super();
  }
}
