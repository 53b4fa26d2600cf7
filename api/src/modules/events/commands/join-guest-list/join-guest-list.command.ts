import { Command } from '@nestjs/cqrs';
import type { MyGuestListEntry } from '@nocturne/contracts';
import type { Tier } from '@nocturne/domain';

/** A member puts themselves on a night's guest list. */
export class JoinGuestListCommand extends Command<MyGuestListEntry> {
  constructor(
    readonly member: { id: string; tier: Tier },
    readonly eventId: string,
    readonly night: string,
    readonly plusOnes: number,
  ) {
    super();
  }
}
