import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable } from '@nestjs/common';
import type { RecoveryCodesResponse } from '@nocturne/contracts';
import { PASSKEY_FAILED } from '@nocturne/domain';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Redis } from 'ioredis';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { InjectRedis } from '#infrastructure/redis/redis.module.js';
import type { AuthenticatedMember } from '../user-view.js';
import { type Satisfied, SecondFactorSessions } from './second-factor-sessions.js';
import { TwoFactorRepository } from './two-factor.repository.js';

/** How long a passkey ceremony's challenge is kept. */
const CHALLENGE_TTL_SECONDS = 300;

/**
 * The WebAuthn library, loaded at the first ceremony (then kept by the module cache): with its
 * ASN.1 and X.509 parsers, loaded alone, it adds some 25 MB to a process, which an api nobody
 * enrols a passkey on does not need.
 */
const webauthn = () => import('@simplewebauthn/server');

/**
 * Passkeys (WebAuthn): enrol (registration options, then the attestation) and verify
 * (authentication options, then the assertion against the stored key and counter). Each
 * ceremony's challenge waits in Redis for the session that asked for it.
 */
@Injectable()
export class PasskeyFactors {
  private readonly origin: string[];
  private readonly rpID: string;

  constructor(
    private readonly em: EntityManager,
    private readonly repository: TwoFactorRepository,
    private readonly satisfied: SecondFactorSessions,
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

  /** Enrol command (passkey), step 1: registration options; the challenge waits in Redis for the session. */
  async registrationOptions(member: AuthenticatedMember): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = (await this.repository.listFactors(this.em, member.id)).filter((f) => f.kind === 'passkey');
    const { generateRegistrationOptions } = await webauthn();
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
  async register(
    member: AuthenticatedMember,
    response: RegistrationResponseJSON,
    label: string | undefined,
    rememberDevice: boolean,
  ): Promise<RecoveryCodesResponse & Satisfied> {
    const challenge = await this.redis.getdel(this.challengeKey(member, 'register'));
    if (!challenge) throw new BadRequestException(PASSKEY_FAILED);
    const { verifyRegistrationResponse } = await webauthn();
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
    return this.satisfied.committed(member.id, async (tx) => {
      await this.repository.insertPasskey(tx, {
        memberId: member.id,
        label: label ?? 'Passkey',
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        signCount: credential.counter,
        transports: credential.transports?.join(',') ?? null,
      });
      const hadCodes = (await this.repository.countRecoveryCodesLeft(tx, member.id)) > 0;
      const satisfied = await this.satisfied.enrolled(tx, member, rememberDevice);
      return { ...satisfied, recoveryCodes: hadCodes ? [] : await this.satisfied.issueRecoveryCodes(tx, member) };
    });
  }

  /** Verify command (passkey), step 1: options naming the account's passkeys. */
  async authenticationOptions(member: AuthenticatedMember): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const passkeys = (await this.repository.listFactors(this.em, member.id)).filter((f) => f.kind === 'passkey');
    if (passkeys.length === 0) throw new BadRequestException(PASSKEY_FAILED);
    const { generateAuthenticationOptions } = await webauthn();
    const options = await generateAuthenticationOptions({
      rpID: this.rpID,
      allowCredentials: passkeys.map((f) => ({ id: f.credential_id!, transports: transportsOf(f.transports) })),
      userVerification: 'preferred',
    });
    await this.redis.set(this.challengeKey(member, 'authenticate'), options.challenge, 'EX', CHALLENGE_TTL_SECONDS);
    return options;
  }

  /** Verify command (passkey), step 2: the assertion verified against the stored key and counter. */
  async verify(member: AuthenticatedMember, assertion: AuthenticationResponseJSON, rememberDevice: boolean): Promise<Satisfied> {
    const challenge = await this.redis.getdel(this.challengeKey(member, 'authenticate'));
    const passkey = (await this.repository.listFactors(this.em, member.id)).find(
      (f) => f.kind === 'passkey' && f.credential_id === assertion.id,
    );
    if (!challenge || !passkey) throw new BadRequestException(PASSKEY_FAILED);
    const { verifyAuthenticationResponse } = await webauthn();
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
    return this.satisfied.committed(member.id, async (tx) => {
      await this.repository.passkeyUsed(tx, passkey.id, verification.authenticationInfo.newCounter);
      return this.satisfied.satisfy(tx, member, rememberDevice);
    });
  }

  private challengeKey(member: AuthenticatedMember, ceremony: 'register' | 'authenticate'): string {
    return `${this.config.REDIS_PREFIX}:2fa:${ceremony}:${member.sessionId}`;
  }
}

function transportsOf(stored: string | null): AuthenticatorTransport[] | undefined {
  return stored ? (stored.split(',') as AuthenticatorTransport[]) : undefined;
}
