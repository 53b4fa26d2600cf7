import { Command } from '@nestjs/cqrs';
import type { Satisfied } from '#modules/auth/two-factor/second-factor-sessions.js';
import type { AuthenticatedMember } from '#modules/auth/user-view.js';

/** An authenticator code or a recovery code satisfies the session. */
export class VerifySecondFactorCommand extends Command<Satisfied> {
  constructor(
    readonly member: AuthenticatedMember,
    readonly input: { code?: string; recoveryCode?: string },
    readonly rememberDevice: boolean,
  ) {
    super();
  }
}
