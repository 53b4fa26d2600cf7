import { Command } from '@nestjs/cqrs';

/** An Apple Wallet pass of the member's card, with a new authentication token. */
export class IssueCardApplePassCommand extends Command<Buffer> {
  constructor(readonly memberId: string) {
    super();
  }
}
