import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SecondFactors } from '#modules/auth/two-factor/second-factors.service.js';
import { ResetStaffSecondFactorCommand } from './reset-staff-second-factor.command.js';

@CommandHandler(ResetStaffSecondFactorCommand)
export class ResetStaffSecondFactorHandler implements ICommandHandler<ResetStaffSecondFactorCommand, void> {
  constructor(private readonly factors: SecondFactors) {}

  execute({ staffId }: ResetStaffSecondFactorCommand): Promise<void> {
    return this.factors.reset(staffId);
  }
}
