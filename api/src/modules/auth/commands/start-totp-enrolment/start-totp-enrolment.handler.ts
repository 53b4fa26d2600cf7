import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { TotpSetupResponse } from '@nocturne/contracts';
import { TotpFactors } from '#modules/auth/two-factor/totp-factors.service.js';
import { StartTotpEnrolmentCommand } from './start-totp-enrolment.command.js';

@CommandHandler(StartTotpEnrolmentCommand)
export class StartTotpEnrolmentHandler implements ICommandHandler<StartTotpEnrolmentCommand, TotpSetupResponse> {
  constructor(private readonly totp: TotpFactors) {}

  execute({ member }: StartTotpEnrolmentCommand): Promise<TotpSetupResponse> {
    return this.totp.start(member);
  }
}
