import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { WalletService } from '#modules/wallet/wallet.service.js';
import { LogAppleWalletMessagesCommand } from './log-apple-wallet-messages.command.js';

@CommandHandler(LogAppleWalletMessagesCommand)
export class LogAppleWalletMessagesHandler implements ICommandHandler<LogAppleWalletMessagesCommand, void> {
  constructor(private readonly wallet: WalletService) {}

  execute({ lines }: LogAppleWalletMessagesCommand): Promise<void> {
    this.wallet.log(lines);
    return Promise.resolve();
  }
}
