import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RecoveryCodesResponse } from '@nocturne/contracts';
import type { Satisfied } from '#modules/auth/two-factor/second-factor-sessions.js';
import { TotpFactors } from '#modules/auth/two-factor/totp-factors.service.js';
import { ConfirmTotpEnrolmentCommand } from './confirm-totp-enrolment.command.js';

@CommandHandler(ConfirmTotpEnrolmentCommand)
export class ConfirmTotpEnrolmentHandler implements ICommandHandler<
  ConfirmTotpEnrolmentCommand,
  RecoveryCodesResponse & Satisfied
> {
  constructor(private readonly totp: TotpFactors) {}

  execute({ member, code, rememberDevice }: ConfirmTotpEnrolmentCommand): Promise<RecoveryCodesResponse & Satisfied> {
    return this.totp.confirm(member, code, rememberDevice);
  }
}
