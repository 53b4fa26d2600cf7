import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { PasskeyFactors } from '#modules/auth/two-factor/passkey-factors.service.js';
import { StartPasskeyAuthenticationCommand } from './start-passkey-authentication.command.js';

@CommandHandler(StartPasskeyAuthenticationCommand)
export class StartPasskeyAuthenticationHandler implements ICommandHandler<
  StartPasskeyAuthenticationCommand,
  PublicKeyCredentialRequestOptionsJSON
> {
  constructor(private readonly passkeys: PasskeyFactors) {}

  execute({ member }: StartPasskeyAuthenticationCommand): Promise<PublicKeyCredentialRequestOptionsJSON> {
    return this.passkeys.authenticationOptions(member);
  }
}
