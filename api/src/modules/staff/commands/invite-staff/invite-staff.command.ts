import { Command } from '@nestjs/cqrs';
import type { InviteStaffResponse } from '@nocturne/contracts';
import type { StaffRole } from '@nocturne/domain';

export class InviteStaffCommand extends Command<InviteStaffResponse> {
  constructor(
    readonly invitation: { email: string; firstName: string; role: StaffRole },
    /** The admin inviting (the outbox row names them). */
    readonly adminId: string,
  ) {
    super();
  }
}
