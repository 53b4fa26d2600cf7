import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { WalletService } from '#modules/wallet/wallet.service.js';
import { IssueCardApplePassCommand } from './issue-card-apple-pass.command.js';

@CommandHandler(IssueCardApplePassCommand)
export class IssueCardApplePassHandler implements ICommandHandler<IssueCardApplePassCommand, Buffer> {
  constructor(private readonly wallet: WalletService) {}

  execute({ memberId }: IssueCardApplePassCommand): Promise<Buffer> {
    return this.wallet.cardPass(memberId);
  }
}
