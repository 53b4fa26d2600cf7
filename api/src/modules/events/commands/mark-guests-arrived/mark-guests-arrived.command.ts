import { Command } from '@nestjs/cqrs';
import type { MarkArrivedResponse } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';

/**
 * Door staff mark how many of a guest-list party came in at the door's venue: once. The door
 * module handles it (a member's party coming in is their visit, recorded as a card's check does).
 */
export class MarkGuestsArrivedCommand extends Command<MarkArrivedResponse> {
  constructor(
    readonly entryId: string,
    readonly count: number,
    readonly staffId: string,
    readonly staffRole: Role,
    readonly venueId: number | undefined,
  ) {
    super();
  }
}
