import { Injectable, Logger } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { keyedHmac } from './keyed-hmac.js';
import { type CodeSubject, encodeShortCode, qrTokenMessage, shortCodeMessage } from './short-code.js';

let warnedAboutDevelopmentSecret = false;

/**
 * QR tokens: HMAC-SHA256 of the user-coupon id (or a member card's id) with QR_SECRET, base64url
 * (256 bits). Nothing is stored; a token is recomputed and compared in constant time, and it fits
 * one user coupon (or card) only: the two are HMAC'd with different prefixes, so a coupon's token
 * can never be a card's. Short codes: 55 bits of another HMAC of the id (short-code.ts), stored so
 * a typed code can be found; a stored code counts only while it is still derived from the current secret.
 */
@Injectable()
export class QrTokenService {
  private readonly secret: Buffer;
  /** HMAC-SHA256 under the secret, its pads hashed once. */
  private readonly hmac: (message: string) => Buffer;

  constructor(@InjectConfig() config: ApiConfig) {
    if (config.QR_SECRET) {
      this.secret = Buffer.from(config.QR_SECRET, 'utf8');
    } else if (config.NODE_ENV === 'production') {
      // loadConfig already refuses this; kept so a misuse of the class cannot fall back silently.
      throw new Error('QR_SECRET is required when NODE_ENV=production');
    } else {
      // Stable across restarts of one local setup, so printed demo QR codes keep working.
      this.secret = createHash('sha256').update(`nocturne-development-qr-secret\u0000${config.DATABASE_URL}`).digest();
      if (!warnedAboutDevelopmentSecret) {
        warnedAboutDevelopmentSecret = true;
        new Logger('QrTokenService').warn(
          'QR_SECRET is not set: using a development secret derived from DATABASE_URL. Set QR_SECRET outside development.',
        );
      }
    }
    this.hmac = keyedHmac(this.secret);
  }

  tokenFor(id: string, subject: CodeSubject = 'user-coupon'): string {
    return this.hmac(qrTokenMessage(id, subject)).toString('base64url');
  }

  matches(id: string, token: string, subject: CodeSubject = 'user-coupon'): boolean {
    const expected = Buffer.from(this.tokenFor(id, subject), 'utf8');
    const given = Buffer.from(token, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The user coupon's (or card's) candidate short code for `attempt` (0 first; the next after a collision). */
  shortCodeFor(id: string, attempt = 0, subject: CodeSubject = 'user-coupon'): string {
    return encodeShortCode(this.hmac(shortCodeMessage(id, attempt, subject)));
  }

  /**
   * Whether `code` (stored form) is one of the user coupon's (or card's) first `attempts` candidates
   * under the current secret, compared in constant time. False for codes from a rotated-out QR_SECRET.
   */
  isShortCodeOf(id: string, code: string, attempts: number, subject: CodeSubject = 'user-coupon'): boolean {
    const given = Buffer.from(code, 'utf8');
    for (let attempt = 0; attempt < attempts; attempt++) {
      const expected = Buffer.from(this.shortCodeFor(id, attempt, subject), 'utf8');
      // Stopping at a match tells only which attempt matched, which is no secret; nearly always 0.
      if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
    }
    return false;
  }
}
