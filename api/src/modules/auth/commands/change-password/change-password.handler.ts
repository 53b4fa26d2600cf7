import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { WRONG_CURRENT_PASSWORD } from '@nocturne/domain';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuthFailure } from '#modules/auth/auth-failure.js';
import { AuthRepository } from '#modules/auth/auth.repository.js';
import { PasswordHasher } from '#modules/auth/password-hasher.js';
import { passwordProblem } from '#modules/auth/password-policy.js';
import { SessionService } from '#modules/auth/session.service.js';
import { ChangePasswordCommand } from './change-password.command.js';

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand, void> {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly repository: AuthRepository,
  ) {}

  async execute({ memberId, sessionId, input }: ChangePasswordCommand): Promise<void> {
    const member = await this.repository.findPasswordOwner(this.em, memberId);
    if (!member || !(await this.hasher.verify(input.currentPassword, member.password_hash))) {
      throw new AuthFailure('invalid', WRONG_CURRENT_PASSWORD);
    }
    const problem = passwordProblem(input.newPassword, { email: member.email, firstName: member.first_name });
    if (problem) throw new AuthFailure('invalid', problem);
    const passwordHash = await this.hasher.hash(input.newPassword);
    await this.unitOfWork.run(async (tx) => {
      await this.repository.setPassword(tx, memberId, passwordHash);
      // Anyone else holding a session (a lost phone, a shared computer) is signed out with the old password.
      await this.repository.voidResetTokens(tx, memberId);
      await this.sessions.revokeOthersFor(tx, memberId, sessionId);
    });
  }
}
