import { Command } from '@nestjs/cqrs';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import type { AuthenticatedMember } from '#modules/auth/user-view.js';

/** Enrolling a passkey, step 1: registration options; the challenge waits for this session. */
export class StartPasskeyRegistrationCommand extends Command<PublicKeyCredentialCreationOptionsJSON> {
  constructor(readonly member: AuthenticatedMember) {
    super();
  }
}
