import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import type { RecoveryCodesResponse, TotpSetupResponse } from '@nocturne/contracts';
import { SECOND_FACTOR_WRONG_CODE } from '@nocturne/domain';
import { UnitOfWork } from '#infrastructure/outbox/unit-of-work.js';
import type { AuthenticatedMember } from '../user-view.js';
import { type Satisfied, SecondFactorSessions } from './second-factor-sessions.js';
import { checkTotp, hashRecoveryCode, newTotpSecret, totpUri } from './totp.js';
import { TotpSecretBox, UnreadableTotpSecret } from './totp-secret-box.js';
import { TwoFactorRepository } from './two-factor.repository.js';

/**
 * The authenticator app (TOTP) and recovery codes: enrol (a fresh secret, then a code confirms it)
 * and verify (a code or a recovery code satisfies the session). Each command its own transaction.
 */
@Injectable()
export class TotpFactors {
  private readonly logger = new Logger(TotpFactors.name);

  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: TwoFactorRepository,
    private readonly secrets: TotpSecretBox,
    private readonly satisfied: SecondFactorSessions,
  ) {}

  /** Enrol command, step 1: a fresh secret, shown once (the QR and the manual key). */
  async start(member: AuthenticatedMember): Promise<TotpSetupResponse> {
    const secret = newTotpSecret();
    await this.unitOfWork.run((tx) => this.repository.startTotp(tx, member.id, this.secrets.seal(secret)));
    return { secret, otpauthUri: totpUri(member.email, secret) };
  }

  /** Enrol command, step 2: a code from the app confirms it; the session is satisfied; recovery codes if none yet. */
  async confirm(member: AuthenticatedMember, code: string, rememberDevice: boolean): Promise<RecoveryCodesResponse & Satisfied> {
    const pending = await this.repository.findUnconfirmedTotp(this.em, member.id);
    if (!pending?.totp_secret) throw new BadRequestException('Start setting up the authenticator app first.');
    // A session owing a factor it already has must give that one first (the guard lets it confirm
    // only when it must enrol, or is satisfied).
    const secret = this.openSecret(pending.totp_secret);
    if (secret === null) throw new BadRequestException('Start setting up the authenticator app again.');
    const step = await checkTotp(secret.secret, code, pending.last_step);
    if (step === null) throw new BadRequestException(SECOND_FACTOR_WRONG_CODE);
    return this.satisfied.committed(member.id, async (tx) => {
      if (!(await this.repository.acceptTotpStep(tx, pending.id, step, true))) {
        throw new BadRequestException(SECOND_FACTOR_WRONG_CODE);
      }
      return {
        ...(await this.satisfied.enrolled(tx, member, rememberDevice)),
        recoveryCodes: await this.satisfied.issueRecoveryCodes(tx, member),
      };
    });
  }

  /** Verify command: a TOTP code or a recovery code satisfies the session. */
  async verify(
    member: AuthenticatedMember,
    input: { code?: string; recoveryCode?: string },
    rememberDevice: boolean,
  ): Promise<Satisfied> {
    return this.satisfied.committed(member.id, async (tx) => {
      let ok = false;
      if (input.recoveryCode !== undefined) {
        ok = await this.repository.useRecoveryCode(tx, member.id, hashRecoveryCode(input.recoveryCode));
      } else if (input.code !== undefined) {
        const factors = await this.repository.listFactors(tx, member.id);
        for (const factor of factors) {
          if (factor.kind !== 'totp' || !factor.totp_secret) continue;
          const secret = this.openSecret(factor.totp_secret);
          if (secret === null) continue;
          const step = await checkTotp(secret.secret, input.code, factor.last_step);
          if (step !== null && (await this.repository.acceptTotpStep(tx, factor.id, step, false))) {
            // A secret stored before sealing is sealed now, at its first use.
            if (secret.bare) await this.repository.sealTotpSecret(tx, factor.id, this.secrets.seal(secret.secret));
            ok = true;
            break;
          }
        }
      }
      if (!ok) throw new BadRequestException(SECOND_FACTOR_WRONG_CODE);
      return this.satisfied.satisfy(tx, member, rememberDevice);
    });
  }

  /**
   * The authenticator secret of a row, or null when this key cannot open it (sealed under a key
   * since changed): that factor no longer verifies, and its owner uses a recovery code, a passkey
   * or an admin's reset, as README's SECOND_FACTOR_KEY row says.
   */
  private openSecret(stored: string): { secret: string; bare: boolean } | null {
    try {
      return this.secrets.open(stored);
    } catch (error) {
      if (!(error instanceof UnreadableTotpSecret)) throw error;
      this.logger.warn(`An authenticator secret cannot be opened with the current key: ${error.message}`);
      return null;
    }
  }
}
