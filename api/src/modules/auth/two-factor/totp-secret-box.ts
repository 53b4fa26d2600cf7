import { Injectable, Logger } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';

/** The stored form's version: `v1.<iv>.<ciphertext>.<tag>`, base64url, AES-256-GCM. */
const VERSION = 'v1';
const IV_BYTES = 12;
const HKDF_INFO = 'nocturne totp secrets v1';

/** A stored secret the key cannot open: sealed under another key, or altered. */
export class UnreadableTotpSecret extends Error {}

/** The 32-byte key: SECOND_FACTOR_KEY, else derived from QR_SECRET, else (development) from DATABASE_URL. */
export function totpKeyMaterial(config: Pick<ApiConfig, 'SECOND_FACTOR_KEY' | 'QR_SECRET' | 'DATABASE_URL' | 'NODE_ENV'>): {
  key: Buffer;
  source: 'SECOND_FACTOR_KEY' | 'QR_SECRET' | 'development';
} {
  const derive = (secret: string, salt: string) => Buffer.from(hkdfSync('sha256', secret, salt, HKDF_INFO, 32));
  if (config.SECOND_FACTOR_KEY)
    return { key: derive(config.SECOND_FACTOR_KEY, 'second-factor-key'), source: 'SECOND_FACTOR_KEY' };
  if (config.QR_SECRET) return { key: derive(config.QR_SECRET, 'qr-secret'), source: 'QR_SECRET' };
  if (config.NODE_ENV === 'production') throw new Error('QR_SECRET or SECOND_FACTOR_KEY is required when NODE_ENV=production');
  const development = createHash('sha256').update(`nocturne-development-totp-key\u0000${config.DATABASE_URL}`).digest('hex');
  return { key: derive(development, 'development'), source: 'development' };
}

/**
 * Authenticator-app secrets at rest: sealed with AES-256-GCM under a key the database
 * never holds, so a dump or a replica's copy of second_factors gives nobody the staff's codes.
 * A row written before sealing (the bare base32 secret) still opens, and the service seals it at
 * its next use.
 */
@Injectable()
export class TotpSecretBox {
  private readonly key: Buffer;

  constructor(@InjectConfig() config: ApiConfig) {
    const { key, source } = totpKeyMaterial(config);
    this.key = key;
    if (source === 'development')
      new Logger('TotpSecretBox').warn(
        'Neither SECOND_FACTOR_KEY nor QR_SECRET is set: authenticator secrets are sealed under a development key derived from DATABASE_URL.',
      );
  }

  seal(secret: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), sealed.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /** The secret, and whether it was stored bare (to be sealed now). Throws UnreadableTotpSecret. */
  open(stored: string): { secret: string; bare: boolean } {
    if (isBareSecret(stored)) return { secret: stored, bare: true };
    const [version, iv, sealed, tag] = stored.split('.');
    if (version !== VERSION || !iv || !sealed || !tag) throw new UnreadableTotpSecret('not a sealed authenticator secret');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const secret = Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
      return { secret, bare: false };
    } catch {
      throw new UnreadableTotpSecret('the authenticator secret was sealed under another key');
    }
  }
}

/** A base32 secret as otplib makes them (and as rows held them before sealing). */
function isBareSecret(stored: string): boolean {
  return /^[A-Z2-7]+=*$/.test(stored);
}
