import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionService } from '#modules/auth/session.service.js';
import { SignOutCommand } from './sign-out.command.js';

/** Revokes the session in use: at once on this replica, within a round trip on the others. */
@CommandHandler(SignOutCommand)
export class SignOutHandler implements ICommandHandler<SignOutCommand, void> {
  constructor(private readonly sessions: SessionService) {}

  async execute({ sessionId }: SignOutCommand): Promise<void> {
    await this.sessions.revoke(sessionId);
  }
}
