import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Satisfied } from '#modules/auth/two-factor/second-factor-sessions.js';
import { TotpFactors } from '#modules/auth/two-factor/totp-factors.service.js';
import { VerifySecondFactorCommand } from './verify-second-factor.command.js';

@CommandHandler(VerifySecondFactorCommand)
export class VerifySecondFactorHandler implements ICommandHandler<VerifySecondFactorCommand, Satisfied> {
  constructor(private readonly totp: TotpFactors) {}

  execute({ member, input, rememberDevice }: VerifySecondFactorCommand): Promise<Satisfied> {
    return this.totp.verify(member, input, rememberDevice);
  }
}
