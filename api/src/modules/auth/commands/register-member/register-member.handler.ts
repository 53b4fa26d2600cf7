import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthResponse } from '@nocturne/contracts';
import { domainEvent } from '@nocturne/queues';
import { settleNoSoonerThan } from '../../../../common/timing.js';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { AuthFailure } from '../../auth-failure.js';
import { PasswordHasher } from '../../password-hasher.js';
import { passwordProblem } from '../../password-policy.js';
import { SessionService } from '../../session.service.js';
import { MEMBER_COLUMNS, type MemberRow, userFromRow } from '../../user-view.js';
import { RegisterMemberCommand } from './register-member.command.js';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Please sign in instead.';

/**
 * A new member costs a few more statements (ledger, event, session) than a taken e-mail's refusal;
 * both spend at least this long after the hash, so the timing adds nothing to what the answer says.
 */
export const REGISTER_WRITE_MS = 40;

@CommandHandler(RegisterMemberCommand)
export class RegisterMemberHandler implements ICommandHandler<RegisterMemberCommand, AuthResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
  ) {}

  async execute({ input, meta }: RegisterMemberCommand): Promise<AuthResponse> {
    const problem = passwordProblem(input.password, input);
    if (problem) throw new AuthFailure('invalid', problem);
    const passwordHash = await this.hasher.hash(input.password, 'anonymous');
    const write = this.unitOfWork.run(async (tx, raise) => {
      // The unique email decides concurrent sign-ups of one address: exactly one row wins.
      const inserted = await tx.execute<MemberRow[]>(
        `insert into members (email, first_name, last_name, password_hash, last_sign_in_at) values (?, ?, ?, ?, now())
           on conflict (email) do nothing returning ${MEMBER_COLUMNS}`,
        [input.email, input.firstName, input.lastName, passwordHash],
      );
      const row = inserted[0];
      if (!row) throw new AuthFailure('conflict', EMAIL_TAKEN_MESSAGE);
      await raise(domainEvent('MemberRegistered', row.id, { memberId: row.id }));
      const sessionId = await this.sessions.create(tx, row.id, meta);
      const fresh = (await tx.execute<MemberRow[]>(`select ${MEMBER_COLUMNS} from members where id = ?`, [row.id]))[0]!;
      return { success: true, message: 'Welcome to Nocturne!', sessionId, user: userFromRow(fresh), firstSignIn: true };
    });
    return settleNoSoonerThan(REGISTER_WRITE_MS, write);
  }
}
