import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Satisfied } from '#modules/auth/two-factor/second-factor-sessions.js';
import { PasskeyFactors } from '#modules/auth/two-factor/passkey-factors.service.js';
import { VerifyPasskeyCommand } from './verify-passkey.command.js';

@CommandHandler(VerifyPasskeyCommand)
export class VerifyPasskeyHandler implements ICommandHandler<VerifyPasskeyCommand, Satisfied> {
  constructor(private readonly passkeys: PasskeyFactors) {}

  execute({ member, assertion, rememberDevice }: VerifyPasskeyCommand): Promise<Satisfied> {
    return this.passkeys.verify(member, assertion, rememberDevice);
  }
}
