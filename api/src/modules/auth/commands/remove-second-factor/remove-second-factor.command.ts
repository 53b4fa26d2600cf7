import { Command } from '@nestjs/cqrs';
import type { AuthenticatedMember } from '#modules/auth/user-view.js';

/** Removes one of the member's own second factors, never the last one a manager or admin must keep. */
export class RemoveSecondFactorCommand extends Command<void> {
  constructor(
    readonly member: AuthenticatedMember,
    readonly factorId: string,
  ) {
    super();
  }
}
