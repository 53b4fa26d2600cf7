import { Command } from '@nestjs/cqrs';
import type { SuccessResponse } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';

/** A staff account's new role; `member` takes it off the staff (the remove button sends that too). */
export class ChangeStaffRoleCommand extends Command<SuccessResponse> {
  constructor(
    readonly memberId: string,
    readonly role: Role,
    readonly adminId: string,
  ) {
    super();
  }
}
