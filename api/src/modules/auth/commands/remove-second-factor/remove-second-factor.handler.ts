import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SecondFactors } from '#modules/auth/two-factor/second-factors.service.js';
import { RemoveSecondFactorCommand } from './remove-second-factor.command.js';

@CommandHandler(RemoveSecondFactorCommand)
export class RemoveSecondFactorHandler implements ICommandHandler<RemoveSecondFactorCommand, void> {
  constructor(private readonly factors: SecondFactors) {}

  execute({ member, factorId }: RemoveSecondFactorCommand): Promise<void> {
    return this.factors.remove(member, factorId);
  }
}
