import { Command } from '@nestjs/cqrs';
import type { SuccessResponse } from '@nocturne/contracts';

/** A member leaves a night's guest list: their place is free again. */
export class LeaveGuestListCommand extends Command<SuccessResponse> {
  constructor(
    readonly memberId: string,
    readonly eventId: string,
    readonly night: string,
  ) {
    super();
  }
}
