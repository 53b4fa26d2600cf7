import { Command } from '@nestjs/cqrs';
import type { GuestListView } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';

/** Staff add a non-member to a night's list by name and e-mail (within its capacity; a closed list still takes them). */
export class AddGuestCommand extends Command<GuestListView> {
  constructor(
    readonly eventId: string,
    readonly night: string,
    readonly guest: { name: string; email: string; plusOnes: number },
    readonly staff: { id: string; role: Role },
  ) {
    super();
  }
}
