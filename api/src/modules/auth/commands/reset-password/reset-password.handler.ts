import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuthFailure } from '#modules/auth/auth-failure.js';
import { AuthRepository } from '#modules/auth/auth.repository.js';
import { PasswordHasher } from '#modules/auth/password-hasher.js';
import { passwordProblem } from '#modules/auth/password-policy.js';
import { hashToken, SessionService } from '#modules/auth/session.service.js';
import { ResetPasswordCommand } from './reset-password.command.js';

const INVALID_RESET_MESSAGE = 'This reset link is invalid or has expired. Please request a new one.';

@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand, void> {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly repository: AuthRepository,
  ) {}

  async execute({ token, password }: ResetPasswordCommand): Promise<void> {
    const problem = passwordProblem(password);
    if (problem) throw new AuthFailure('invalid', problem);
    // A token that cannot work costs no hash: checked first, cheaply, then used for real below.
    if (!(await this.repository.isResetTokenUsable(this.em, hashToken(token))))
      throw new AuthFailure('invalid', INVALID_RESET_MESSAGE);
    const passwordHash = await this.hasher.hash(password, 'anonymous');
    await this.unitOfWork.run(async (tx) => {
      // Using the token and checking it are one statement: a token works once, even in a race.
      const memberId = await this.repository.useResetToken(tx, hashToken(token));
      if (!memberId) throw new AuthFailure('invalid', INVALID_RESET_MESSAGE);
      await this.repository.setPassword(tx, memberId, passwordHash);
      await this.repository.voidResetTokens(tx, memberId);
      await this.sessions.revokeAllFor(tx, memberId);
    });
  }
}
