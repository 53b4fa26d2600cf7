import { Command } from '@nestjs/cqrs';
import type { SuccessResponse } from '@nocturne/contracts';

/** The venues a door or manager account works at; none: all venues. */
export class SetStaffVenuesCommand extends Command<SuccessResponse> {
  constructor(
    readonly memberId: string,
    readonly venueIds: number[],
    readonly adminId: string,
  ) {
    super();
  }
}
