import { Command } from '@nestjs/cqrs';
import type { GuestListView } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';

/** Staff close a night's list: no more sign-ups. */
export class CloseGuestListCommand extends Command<GuestListView> {
  constructor(
    readonly eventId: string,
    readonly night: string,
    readonly staff: { id: string; role: Role },
  ) {
    super();
  }
}
