import { Command } from '@nestjs/cqrs';
import type { RecoveryCodesResponse } from '@nocturne/contracts';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Satisfied } from '#modules/auth/two-factor/second-factor-sessions.js';
import type { AuthenticatedMember } from '#modules/auth/user-view.js';

/** Enrolling a passkey, step 2: the attestation verified, the passkey is stored and satisfies the session. */
export class FinishPasskeyRegistrationCommand extends Command<RecoveryCodesResponse & Satisfied> {
  constructor(
    readonly member: AuthenticatedMember,
    readonly response: RegistrationResponseJSON,
    readonly label: string | undefined,
    readonly rememberDevice: boolean,
  ) {
    super();
  }
}
