import { Command } from '@nestjs/cqrs';
import type { RecoveryCodesResponse } from '@nocturne/contracts';
import type { Satisfied } from '#modules/auth/two-factor/second-factor-sessions.js';
import type { AuthenticatedMember } from '#modules/auth/user-view.js';

/** Enrolling an authenticator app, step 2: a code from the app confirms it and satisfies the session. */
export class ConfirmTotpEnrolmentCommand extends Command<RecoveryCodesResponse & Satisfied> {
  constructor(
    readonly member: AuthenticatedMember,
    readonly code: string,
    readonly rememberDevice: boolean,
  ) {
    super();
  }
}
