import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthResponse } from '@nocturne/contracts';
import {
  ACCOUNT_DISABLED,
  INVALID_LOGIN,
  isStaff,
  requiresSecondFactor,
  SECOND_FACTOR_ENROL_REQUIRED,
  SECOND_FACTOR_REQUIRED,
  secondFactorState,
} from '@nocturne/domain';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import { AuditService } from '#modules/audit/audit.public.js';
import { AuthFailure } from '#modules/auth/auth-failure.js';
import { AuthRepository } from '#modules/auth/auth.repository.js';
import { PasswordHasher } from '#modules/auth/password-hasher.js';
import { SessionService } from '#modules/auth/session.service.js';
import { SecondFactors } from '#modules/auth/two-factor/second-factors.service.js';
import { userFromRow } from '#modules/auth/user-view.js';
import { SignInCommand } from './sign-in.command.js';

@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand, AuthResponse> {
  /** Verified when the email is unknown, so both failures cost the same time. */
  private decoyHash?: Promise<string>;

  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly repository: AuthRepository,
    private readonly twoFactor: SecondFactors,
    private readonly audit: AuditService,
  ) {}

  async execute({ input, meta }: SignInCommand): Promise<AuthResponse> {
    const found = await this.repository.findSignInCandidate(this.em, input.email);
    this.decoyHash ??= this.hasher.hash('decoy password for unknown emails');
    const valid = await this.hasher.verify(input.password, found?.password_hash ?? (await this.decoyHash));
    if (!found || !valid) throw new AuthFailure('unauthorized', INVALID_LOGIN);
    // Said only to someone who knows the password, so it tells a stranger nothing about the account.
    if (found.disabled_at !== null) throw new AuthFailure('forbidden', ACCOUNT_DISABLED);
    const upgradedHash = this.hasher.needsRehash(found.password_hash) ? await this.hasher.hash(input.password) : null;
    return this.unitOfWork.run(async (tx) => {
      await this.repository.recordSignIn(tx, found.id, upgradedHash);
      // An account with a second factor owes it unless this device gave it in the last 12
      // hours; a manager or admin without one must enrol. Either way the session can only do that.
      const hasFactor = await this.twoFactor.hasFactor(tx, found.id);
      const satisfied = hasFactor
        ? await this.twoFactor.isDeviceRemembered(tx, found.id, meta.deviceToken ?? null)
        : !requiresSecondFactor(found.role);
      const sessionId = await this.sessions.create(tx, found, meta, { secondFactorOk: satisfied });
      const firstSignIn = found.last_sign_in_at === null;
      const secondFactor = secondFactorState(found.role, hasFactor, satisfied);
      // A staff account's sign-in is a staff action: the actor is the staffer, who has
      // no session on this request yet. The second step, when owed, is part of the same sign-in.
      if (isStaff(found.role))
        await this.audit.record(tx, {
          actorId: found.id,
          actorRole: found.role,
          action: 'staff.sign_in',
          targetType: 'member',
          targetId: found.id,
          after: { secondFactor },
          clientAddress: meta.ip,
        });
      const message =
        secondFactor === 'pending'
          ? SECOND_FACTOR_REQUIRED
          : secondFactor === 'enrol'
            ? SECOND_FACTOR_ENROL_REQUIRED
            : 'Signed in';
      return { success: true, message, sessionId, user: userFromRow(found), firstSignIn, secondFactor };
    });
  }
}
