import { Command } from '@nestjs/cqrs';
import type { MyGuestListEntry } from '@nocturne/contracts';

/** A member puts themselves on a night's guest list. */
export class JoinGuestListCommand extends Command<MyGuestListEntry> {
  constructor(
    readonly memberId: string,
    readonly eventId: string,
    readonly night: string,
    readonly plusOnes: number,
  ) {
    super();
  }
}
