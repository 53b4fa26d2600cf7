import { Command } from '@nestjs/cqrs';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Satisfied } from '#modules/auth/two-factor/second-factor-sessions.js';
import type { AuthenticatedMember } from '#modules/auth/user-view.js';

/** Giving a passkey, step 2: the assertion verified against the stored key and counter satisfies the session. */
export class VerifyPasskeyCommand extends Command<Satisfied> {
  constructor(
    readonly member: AuthenticatedMember,
    readonly assertion: AuthenticationResponseJSON,
    readonly rememberDevice: boolean,
  ) {
    super();
  }
}
