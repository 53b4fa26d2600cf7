import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { RecoveryCodesResponse, SecondFactorStatus, TotpSetupResponse } from '@nocturne/contracts';
import {
  PASSKEY_FAILED,
  requiresSecondFactor,
  SECOND_FACTOR_LAST_ONE,
  SECOND_FACTOR_WRONG_CODE,
  secondFactorState,
} from '@nocturne/domain';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { isoTimestamp } from '../../../common/timestamps.js';
import { type ApiConfig, InjectConfig } from '../../../config/api-config.js';
import { UnitOfWork } from '../../../infrastructure/outbox/unit-of-work.js';
import { InjectRedis } from '../../../infrastructure/redis/redis.module.js';
import { AuditService } from '../../audit/audit.public.js';
import { hashToken, SessionService } from '../session.service.js';
import type { AuthenticatedMember } from '../user-view.js';
import { checkTotp, hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpUri } from './totp.js';
import { TotpSecretBox, UnreadableTotpSecret } from './totp-secret-box.js';
import { TwoFactorRepository } from './two-factor.repository.js';

/** How long a device that gave its second factor skips it at sign-in (issue 31: 12 hours at most). */
export const REMEMBER_DEVICE_MS = 12 * 3_600_000;
/** How long a passkey ceremony's challenge is kept. */
const CHALLENGE_TTL_SECONDS = 300;

/** What a verified second factor answers: the device cookie's token when the device is to be remembered. */
export interface Satisfied {
  deviceToken?: string;
}

/**
 * The second factor (issue 31). One method per command (enrol, confirm, verify, remove, reset), each
 * its own transaction, so an audit trail can hook each one.
 */
@Injectable()
export class TwoFactorService {
  private readonly logger = new Logger(TwoFactorService.name);
  private readonly origin: string[];
  private readonly rpID: string;

  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: TwoFactorRepository,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
    private readonly secrets: TotpSecretBox,
    @InjectRedis() private readonly redis: Redis,
    @InjectConfig() private readonly config: ApiConfig,
  ) {
    // Passkeys belong to the site people open (APP_URL): its host is the relying party, its origin
    // the one expected in each ceremony. An IP address is never a valid RP ID (WebAuthn §5.1.3), so
    // a loopback APP_URL (development, the e2e stack) uses `localhost` on the same port.
    const appUrl = new URL(config.APP_URL);
    const loopbackIp = appUrl.hostname === '127.0.0.1' || appUrl.hostname === '[::1]';
    const local = new URL(appUrl.origin);
    local.hostname = 'localhost';
    this.rpID = loopbackIp ? 'localhost' : appUrl.hostname;
    this.origin = loopbackIp ? [local.origin, appUrl.origin] : [appUrl.origin];
  }

  async status(member: AuthenticatedMember): Promise<SecondFactorStatus> {
    const factors = await this.repository.listFactors(this.em, member.id);
    return {
      state: secondFactorState(member.role, factors.length > 0, member.secondFactorOk),
      required: requiresSecondFactor(member.role),
      factors: factors.map((factor) => ({
        id: factor.id,
        kind: factor.kind,
        label: factor.label,
        createdAt: isoTimestamp(factor.created_at),
        lastUsedAt: factor.last_used_at === null ? null : isoTimestamp(factor.last_used_at),
      })),
      recoveryCodesLeft: await this.repository.countRecoveryCodesLeft(this.em, member.id),
    };
  }

  /** Enrol command, step 1: a fresh secret, shown once (the QR and the manual key). */
  async startTotp(member: AuthenticatedMember): Promise<TotpSetupResponse> {
    const secret = newTotpSecret();
    await this.unitOfWork.run((tx) => this.repository.startTotp(tx, member.id, this.secrets.seal(secret)));
    return { secret, otpauthUri: totpUri(member.email, secret) };
  }

  /** Enrol command, step 2: a code from the app confirms it; the session is satisfied; recovery codes if none yet. */
  async confirmTotp(
    member: AuthenticatedMember,
    code: string,
    rememberDevice: boolean,
  ): Promise<RecoveryCodesResponse & Satisfied> {
    const pending = await this.repository.findUnconfirmedTotp(this.em, member.id);
    if (!pending?.totp_secret) throw new BadRequestException('Start setting up the authenticator app first.');
    // A session owing a factor it already has must give that one first (the guard lets it confirm
    // only when it must enrol, or is satisfied).
    const secret = this.openSecret(pending.totp_secret);
    if (secret === null) throw new BadRequestException('Start setting up the authenticator app again.');
    const step = await checkTotp(secret.secret, code, pending.last_step);
    if (step === null) throw new BadRequestException(SECOND_FACTOR_WRONG_CODE);
    return this.committed(member.id, async (tx) => {
      if (!(await this.repository.acceptTotpStep(tx, pending.id, step, true))) {
        throw new BadRequestException(SECOND_FACTOR_WRONG_CODE);
      }
      return { ...(await this.enrolled(tx, member, rememberDevice)), recoveryCodes: await this.issueRecoveryCodes(tx, member) };
    });
  }

  /** Verify command: a TOTP code or a recovery code satisfies the session. */
  async verifyCode(
    member: AuthenticatedMember,
    input: { code?: string; recoveryCode?: string },
    rememberDevice: boolean,
  ): Promise<Satisfied> {
    return this.committed(member.id, async (tx) => {
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
      return this.satisfy(tx, member, rememberDevice);
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

  /** Enrol command (passkey), step 1: registration options; the challenge waits in Redis for the session. */
  async passkeyRegistrationOptions(member: AuthenticatedMember): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = (await this.repository.listFactors(this.em, member.id)).filter((f) => f.kind === 'passkey');
    const options = await generateRegistrationOptions({
      rpName: 'Nocturne',
      rpID: this.rpID,
      userName: member.email,
      userDisplayName: [member.firstName, member.lastName].filter(Boolean).join(' '),
      attestationType: 'none',
      excludeCredentials: existing.map((f) => ({ id: f.credential_id!, transports: transportsOf(f.transports) })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await this.redis.set(this.challengeKey(member, 'register'), options.challenge, 'EX', CHALLENGE_TTL_SECONDS);
    return options;
  }

  /** Enrol command (passkey), step 2: the attestation verified, the passkey is stored; recovery codes if none yet. */
  async registerPasskey(
    member: AuthenticatedMember,
    response: RegistrationResponseJSON,
    label: string | undefined,
    rememberDevice: boolean,
  ): Promise<RecoveryCodesResponse & Satisfied> {
    const challenge = await this.redis.getdel(this.challengeKey(member, 'register'));
    if (!challenge) throw new BadRequestException(PASSKEY_FAILED);
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: false,
      });
    } catch {
      throw new BadRequestException(PASSKEY_FAILED);
    }
    if (!verification.verified) throw new BadRequestException(PASSKEY_FAILED);
    const { credential } = verification.registrationInfo;
    return this.committed(member.id, async (tx) => {
      await this.repository.insertPasskey(tx, {
        memberId: member.id,
        label: label ?? 'Passkey',
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        signCount: credential.counter,
        transports: credential.transports?.join(',') ?? null,
      });
      const hadCodes = (await this.repository.countRecoveryCodesLeft(tx, member.id)) > 0;
      const satisfied = await this.enrolled(tx, member, rememberDevice);
      return { ...satisfied, recoveryCodes: hadCodes ? [] : await this.issueRecoveryCodes(tx, member) };
    });
  }

  /** Verify command (passkey), step 1: options naming the account's passkeys. */
  async passkeyAuthenticationOptions(member: AuthenticatedMember): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const passkeys = (await this.repository.listFactors(this.em, member.id)).filter((f) => f.kind === 'passkey');
    if (passkeys.length === 0) throw new BadRequestException(PASSKEY_FAILED);
    const options = await generateAuthenticationOptions({
      rpID: this.rpID,
      allowCredentials: passkeys.map((f) => ({ id: f.credential_id!, transports: transportsOf(f.transports) })),
      userVerification: 'preferred',
    });
    await this.redis.set(this.challengeKey(member, 'authenticate'), options.challenge, 'EX', CHALLENGE_TTL_SECONDS);
    return options;
  }

  /** Verify command (passkey), step 2: the assertion verified against the stored key and counter. */
  async verifyPasskey(
    member: AuthenticatedMember,
    assertion: AuthenticationResponseJSON,
    rememberDevice: boolean,
  ): Promise<Satisfied> {
    const challenge = await this.redis.getdel(this.challengeKey(member, 'authenticate'));
    const passkey = (await this.repository.listFactors(this.em, member.id)).find(
      (f) => f.kind === 'passkey' && f.credential_id === assertion.id,
    );
    if (!challenge || !passkey) throw new BadRequestException(PASSKEY_FAILED);
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response: assertion,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        credential: {
          id: passkey.credential_id!,
          publicKey: new Uint8Array(Buffer.from(passkey.public_key!, 'base64url')),
          counter: passkey.sign_count,
          transports: transportsOf(passkey.transports),
        },
        requireUserVerification: false,
      });
    } catch {
      throw new BadRequestException(PASSKEY_FAILED);
    }
    if (!verification.verified) throw new BadRequestException(PASSKEY_FAILED);
    return this.committed(member.id, async (tx) => {
      await this.repository.passkeyUsed(tx, passkey.id, verification.authenticationInfo.newCounter);
      return this.satisfy(tx, member, rememberDevice);
    });
  }

  /** Remove command: one of the member's own factors, never the last one a manager or admin must keep. */
  async remove(member: AuthenticatedMember, factorId: string): Promise<void> {
    await this.unitOfWork.run(async (tx) => {
      const factors = await this.repository.listFactors(tx, member.id);
      if (!factors.some((f) => f.id === factorId)) throw new NotFoundException('No such second factor');
      if (factors.length === 1 && requiresSecondFactor(member.role)) throw new ConflictException(SECOND_FACTOR_LAST_ONE);
      await this.repository.deleteFactor(tx, member.id, factorId);
      if (factors.length === 1) await this.repository.deleteAllOf(tx, member.id);
      await this.repository.touchMember(tx, member.id);
    });
    this.sessions.forgetMember(member.id);
  }

  /** Reset command (an admin, for another staff member): every factor, code and remembered device goes; their sessions end. */
  async reset(staffId: string): Promise<void> {
    await this.unitOfWork.run(async (tx) => {
      const staff = await this.repository.findStaffRole(tx, staffId);
      if (!staff) throw new NotFoundException('No such staff member');
      await this.repository.deleteAllOf(tx, staffId);
      await this.repository.touchMember(tx, staffId);
      await this.sessions.revokeAllFor(tx, staffId);
      await this.audit.record(tx, { action: 'staff.second_factor_reset', targetType: 'member', targetId: staffId });
    });
    this.sessions.forgetMember(staffId);
  }

  /** Whether the cookie's device was remembered for this member less than 12 hours ago. */
  isDeviceRemembered(tx: EntityManager, memberId: string, deviceToken: string | null): Promise<boolean> {
    if (!deviceToken || !/^[\w-]{20,100}$/.test(deviceToken)) return Promise.resolve(false);
    return this.repository.isDeviceRemembered(tx, memberId, hashToken(deviceToken));
  }

  hasFactor(tx: EntityManager, memberId: string): Promise<boolean> {
    return this.repository.hasConfirmedFactor(tx, memberId);
  }

  private async enrolled(tx: EntityManager, member: AuthenticatedMember, rememberDevice: boolean): Promise<Satisfied> {
    await this.repository.touchMember(tx, member.id);
    return this.satisfy(tx, member, rememberDevice);
  }

  private async satisfy(tx: EntityManager, member: AuthenticatedMember, rememberDevice: boolean): Promise<Satisfied> {
    await this.repository.setSessionSatisfied(tx, member.sessionId);
    if (!rememberDevice) return {};
    const deviceToken = randomBytes(32).toString('base64url');
    await this.repository.rememberDevice(tx, member.id, hashToken(deviceToken), new Date(Date.now() + REMEMBER_DEVICE_MS));
    return { deviceToken };
  }

  private async issueRecoveryCodes(tx: EntityManager, member: AuthenticatedMember): Promise<string[]> {
    const codes = newRecoveryCodes();
    await this.repository.replaceRecoveryCodes(tx, member.id, codes.map(hashRecoveryCode));
    return codes;
  }

  /** Runs `work` in a transaction, then drops this replica's cached sessions of the member (they read the change next). */
  private async committed<T>(memberId: string, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.unitOfWork.run(work);
    this.sessions.forgetMember(memberId);
    return result;
  }

  private challengeKey(member: AuthenticatedMember, ceremony: 'register' | 'authenticate'): string {
    return `${this.config.REDIS_PREFIX}:2fa:${ceremony}:${member.sessionId}`;
  }
}

function transportsOf(stored: string | null): AuthenticatorTransport[] | undefined {
  return stored ? (stored.split(',') as AuthenticatorTransport[]) : undefined;
}

/** The remembered-device cookie: HttpOnly, for the sign-in path only, never sent from another site, 12 hours. */
export const DEVICE_COOKIE = 'nocturne_2fa_device';

export function deviceCookie(token: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${token}; Path=/api/auth; Max-Age=${REMEMBER_DEVICE_MS / 1000}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function deviceTokenFromCookie(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) return value.join('=') || null;
  }
  return null;
}
