import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SuccessResponse } from '@nocturne/contracts';
import {
  DATE_OF_BIRTH_REFUSALS,
  MARKETING_CONSENT_VERSION,
  SIGN_UP_RECEIVED,
  dateOfBirthProblem,
  venueDate,
} from '@nocturne/domain';
import { domainEvent } from '@nocturne/queues';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { settleNoSoonerThan } from '#common/timing.js';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { Referrals } from '#modules/referrals/referrals.public.js';
import { AuthFailure } from '#modules/auth/auth-failure.js';
import { AuthRepository } from '#modules/auth/auth.repository.js';
import { PasswordHasher } from '#modules/auth/password-hasher.js';
import { passwordProblem } from '#modules/auth/password-policy.js';
import { LIMITS, RateLimiter } from '#modules/auth/rate-limiter.js';
import { RegisterMemberCommand } from './register-member.command.js';

/**
 * A new member costs a few more statements (ledger, referral, event) than a taken e-mail's notice;
 * both spend at least this long after the hash, so the timing adds nothing to the answer.
 */
const REGISTER_WRITE_MS = 40;

const ANSWER: SuccessResponse = { success: true, message: SIGN_UP_RECEIVED };

/**
 * A sign-up. A new e-mail becomes a membership, which the person then signs in to; the e-mail of an
 * existing membership changes nothing, and its owner is told by e-mail (a few times an hour at
 * most). Both get the same answer, after the same time, so sign-up tells nobody who is a member.
 */
@CommandHandler(RegisterMemberCommand)
export class RegisterMemberHandler implements ICommandHandler<RegisterMemberCommand, SuccessResponse> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiter,
    private readonly repository: AuthRepository,
    private readonly referrals: Referrals,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async execute({ input }: RegisterMemberCommand): Promise<SuccessResponse> {
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
      if (!memberId) {
        const existing = await this.repository.findActiveMemberIdByEmail(tx, input.email);
        if (existing && (await this.limiter.take(LIMITS.existingAccountNoticesPerMember, existing)))
          await raise(domainEvent('SignUpWithExistingEmail', existing, { memberId: existing }));
        return ANSWER;
      }
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
      return ANSWER;
    });
    return settleNoSoonerThan(REGISTER_WRITE_MS, write);
  }
}
