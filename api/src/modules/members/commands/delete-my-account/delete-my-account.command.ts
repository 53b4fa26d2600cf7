import { Command } from '@nestjs/cqrs';

export class DeleteMyAccountCommand extends Command<void> {
  constructor(
    readonly memberId: string,
    readonly password: string,
  ) {
    super();
  }
}
