import { Command } from '@nestjs/cqrs';
import type { SuccessResponse } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';

export class DisableMemberCommand extends Command<SuccessResponse> {
  constructor(
    readonly memberId: string,
    readonly adminId: string,
    /** The caller's role: staff accounts are disabled and enabled by admins only. */
    readonly adminRole: Role,
  ) {
    super();
  }
}
