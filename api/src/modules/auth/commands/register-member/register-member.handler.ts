import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthResponse } from '@nocturne/contracts';
import { DATE_OF_BIRTH_REFUSALS, EMAIL_TAKEN, MARKETING_CONSENT_VERSION, dateOfBirthProblem, venueDate } from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { type ApiConfig, InjectConfig } from '../../../../config/api-config.js';
import { settleNoSoonerThan } from '../../../../common/timing.js';
import { UnitOfWork } from '../../../../infrastructure/outbox/unit-of-work.js';
import { Referrals } from '../../../referrals/referrals.public.js';
import { AuthFailure } from '../../auth-failure.js';
import { AuthRepository } from '../../auth.repository.js';
import { PasswordHasher } from '../../password-hasher.js';
import { passwordProblem } from '../../password-policy.js';
import { SessionService } from '../../session.service.js';
import { userFromRow } from '../../user-view.js';
import { RegisterMemberCommand } from './register-member.command.js';

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
    private readonly repository: AuthRepository,
    private readonly referrals: Referrals,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ input, meta }: RegisterMemberCommand): Promise<AuthResponse> {
    // The age gate is the server's: 18 and over on the venue's date, whatever the form allowed.
    const tooYoung = dateOfBirthProblem(input.dateOfBirth, venueDate(new Date(), this.config.VENUE_TZ));
    if (tooYoung) {
      const message = DATE_OF_BIRTH_REFUSALS[tooYoung];
      throw new AuthFailure('invalid', message, { issues: [{ path: 'dateOfBirth', message }] });
    }
    const problem = passwordProblem(input.password, input);
    if (problem) throw new AuthFailure('invalid', problem);
    const passwordHash = await this.hasher.hash(input.password, 'anonymous');
    const write = this.unitOfWork.run(async (tx, raise) => {
      // The unique email decides concurrent sign-ups of one address: exactly one row wins.
      const memberId = await this.repository.insertMember(tx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        dateOfBirth: input.dateOfBirth,
        marketingConsent: input.marketingConsent,
        marketingConsentVersion: MARKETING_CONSENT_VERSION,
      });
      if (!memberId) throw new AuthFailure('conflict', EMAIL_TAKEN);
      // An invite code records who invited them (refused when it is themselves or past the cap);
      // an unknown code records nothing and never stops the sign-up.
      await this.referrals.recordSignUp(
        tx,
        {
          id: memberId,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          dateOfBirth: input.dateOfBirth,
        },
        input.referralCode,
      );
      await raise(domainEvent('MemberRegistered', memberId, { memberId }));
      const sessionId = await this.sessions.create(tx, memberId, meta);
      // Read after the event's in-transaction handlers: the welcome points are in.
      const fresh = (await this.repository.findUser(tx, memberId))!;
      return { success: true, message: 'Welcome to Nocturne!', sessionId, user: userFromRow(fresh), firstSignIn: true };
    });
    return settleNoSoonerThan(REGISTER_WRITE_MS, write);
  }
}
