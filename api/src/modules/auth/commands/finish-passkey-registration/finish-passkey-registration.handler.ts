import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RecoveryCodesResponse } from '@nocturne/contracts';
import type { Satisfied } from '#modules/auth/two-factor/second-factor-sessions.js';
import { PasskeyFactors } from '#modules/auth/two-factor/passkey-factors.service.js';
import { FinishPasskeyRegistrationCommand } from './finish-passkey-registration.command.js';

@CommandHandler(FinishPasskeyRegistrationCommand)
export class FinishPasskeyRegistrationHandler implements ICommandHandler<
  FinishPasskeyRegistrationCommand,
  RecoveryCodesResponse & Satisfied
> {
  constructor(private readonly passkeys: PasskeyFactors) {}

  execute({
    member,
    response,
    label,
    rememberDevice,
  }: FinishPasskeyRegistrationCommand): Promise<RecoveryCodesResponse & Satisfied> {
    return this.passkeys.register(member, response, label, rememberDevice);
  }
}
