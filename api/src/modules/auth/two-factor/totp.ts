import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, a 30 s step. */
const TOTP_PERIOD_SECONDS = 30;
/** One step either side of now: a code read just before the step turned, or a phone's clock a little off. */
const TOTP_TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
const TOTP_ISSUER = 'Nocturne';

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(email: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret, period: TOTP_PERIOD_SECONDS });
}

/**
 * The time step a code belongs to when it is right for now (±1 step) and later than `lastStep`, the
 * last step accepted for this secret (a code is good once); else null.
 */
export async function checkTotp(
  secret: string,
  code: string,
  lastStep: number | null,
  epochSeconds: number = Math.floor(Date.now() / 1000),
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    period: TOTP_PERIOD_SECONDS,
    epoch: epochSeconds,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7qm3-xpd2a`: 10 characters from 31, about 49 bits each. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The stored form of a recovery code: SHA-256 of it without spaces or hyphens, lower case. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
}
