import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { AuthFailure } from '../../auth-failure.js';
import { PasswordHasher } from '../../password-hasher.js';
import { passwordProblem } from '../../password-policy.js';
import { hashToken, SessionService } from '../../session.service.js';
import { ResetPasswordCommand } from './reset-password.command.js';

export const INVALID_RESET_MESSAGE = 'This reset link is invalid or has expired. Please request a new one.';

@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand, void> {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
  ) {}

  async execute({ token, password }: ResetPasswordCommand): Promise<void> {
    const problem = passwordProblem(password);
    if (problem) throw new AuthFailure('invalid', problem);
    // A token that cannot work costs no hash: checked first, cheaply, then used for real below.
    const usable = await this.em.execute<{ ok: number }[]>(
      'select 1 as ok from password_reset_tokens where token_hash = ? and used_at is null and expires_at > now()',
      [hashToken(token)],
    );
    if (!usable[0]) throw new AuthFailure('invalid', INVALID_RESET_MESSAGE);
    const passwordHash = await this.hasher.hash(password, 'anonymous');
    await this.unitOfWork.run(async (tx) => {
      // Using the token and checking it are one statement: a token works once, even in a race.
      const used = await tx.execute<{ member_id: string }[]>(
        `update password_reset_tokens set used_at = now()
           where token_hash = ? and used_at is null and expires_at > now() returning member_id`,
        [hashToken(token)],
      );
      const memberId = used[0]?.member_id;
      if (!memberId) throw new AuthFailure('invalid', INVALID_RESET_MESSAGE);
      await tx.execute('update members set password_hash = ?, updated_at = now() where id = ?', [passwordHash, memberId]);
      await tx.execute('update password_reset_tokens set used_at = now() where member_id = ? and used_at is null', [memberId]);
      await this.sessions.revokeAllFor(tx, memberId);
    });
  }
}
