import { Command } from '@nestjs/cqrs';
import type { BookingRequest } from '@nocturne/contracts';

export class RequestBookingCommand extends Command<{ id: string }> {
  constructor(
    /** What the guest asked for (the form's anti-bot fields are the controller's business). */
    readonly input: Omit<BookingRequest, 'fillMs' | 'website'>,
    readonly ip: string,
  ) {
    super();
  }
}
