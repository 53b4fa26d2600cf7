import { Command } from '@nestjs/cqrs';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { AuthenticatedMember } from '#modules/auth/user-view.js';

/** Giving a passkey, step 1: options naming the account's passkeys; the challenge waits for this session. */
export class StartPasskeyAuthenticationCommand extends Command<PublicKeyCredentialRequestOptionsJSON> {
  constructor(readonly member: AuthenticatedMember) {
    super();
  }
}
