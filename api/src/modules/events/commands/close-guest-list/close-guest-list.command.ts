import { Command } from '@nestjs/cqrs';
import type { GuestListView } from '@nocturne/contracts';

/** Staff close a night's list: no more sign-ups. */
export class CloseGuestListCommand extends Command<GuestListView> {
  constructor(
    readonly eventId: string,
    readonly night: string,
    readonly staffId: string,
  ) {
    super();
  }
}
