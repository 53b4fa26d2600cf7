import { Command } from '@nestjs/cqrs';
import type { BookingRequest } from '@nocturne/contracts';

export class RequestBookingCommand extends Command<{ id: string }> {
  constructor(
    readonly input: BookingRequest,
    readonly ip: string,
  ) {
    super();
  }
}
