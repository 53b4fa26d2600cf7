import { Command } from '@nestjs/cqrs';
import type { MembershipSettings, UpdateMembershipSettingsRequest } from '@nocturne/contracts';

/** A manager's change of the venue's membership settings. */
export class UpdateMembershipSettingsCommand extends Command<MembershipSettings> {
  constructor(
    readonly input: UpdateMembershipSettingsRequest,
    readonly managerId: string,
  ) {
    super();
  }
}
