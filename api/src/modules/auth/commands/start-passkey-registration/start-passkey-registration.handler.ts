import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { PasskeyFactors } from '#modules/auth/two-factor/passkey-factors.service.js';
import { StartPasskeyRegistrationCommand } from './start-passkey-registration.command.js';

@CommandHandler(StartPasskeyRegistrationCommand)
export class StartPasskeyRegistrationHandler implements ICommandHandler<
  StartPasskeyRegistrationCommand,
  PublicKeyCredentialCreationOptionsJSON
> {
  constructor(private readonly passkeys: PasskeyFactors) {}

  execute({ member }: StartPasskeyRegistrationCommand): Promise<PublicKeyCredentialCreationOptionsJSON> {
    return this.passkeys.registrationOptions(member);
  }
}
