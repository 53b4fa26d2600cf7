import { Command } from '@nestjs/cqrs';

/** PassKit "Log a Message": what devices report about our passes goes to the log. */
export class LogAppleWalletMessagesCommand extends Command<void> {
  constructor(readonly lines: string[]) {
    super();
  }
}
