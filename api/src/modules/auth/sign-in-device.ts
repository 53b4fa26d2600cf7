import { Injectable } from '@nestjs/common';
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { totpKeyMaterial } from './two-factor/totp-secret-box.js';

/** How long a browser that signed in to an account stays a known device of it. */
const SIGN_IN_DEVICE_DAYS = 180;
const MAX_AGE_SECONDS = SIGN_IN_DEVICE_DAYS * 86_400;
const COOKIE_PREFIX = 'nocturne_device_';

/** A valid device cookie for one e-mail: its nonce names the device in the throttle's counters. */
export interface KnownDevice {
  nonce: string;
}

/**
 * OWASP's device cookie ("Slow Down Online Guessing Attacks with Device Cookies"): after a right
 * password, the browser gets a signed, HttpOnly cookie naming the account. A sign-in carrying a
 * valid one for the e-mail it signs in to is the account's own device: the throttle aimed at
 * strangers guessing that e-mail does not apply to it (it keeps a small limit of its own), so nobody
 * elsewhere can keep the member from signing in. The cookie grants nothing else: the password and
 * the second factor are still checked.
 *
 * One cookie per account (its name is a keyed hash of the e-mail, so it does not show the e-mail),
 * so a browser several people sign in on is a known device of each. Value:
 * `<nonce>.<issued, seconds>.<HMAC-SHA256 of e-mail, nonce and issued>`, the key derived from the
 * second factor's key (SECOND_FACTOR_KEY, else QR_SECRET).
 */
@Injectable()
export class SignInDevices {
  private readonly key: Buffer;

  constructor(@InjectConfig() config: ApiConfig) {
    const { key } = totpKeyMaterial(config);
    this.key = Buffer.from(hkdfSync('sha256', key, 'sign-in-device', 'nocturne sign-in device cookies v1', 32));
  }

  /** The Set-Cookie header value making this browser a known device of `email`. */
  issue(email: string, secure: boolean): string {
    const nonce = randomBytes(16).toString('base64url');
    const issued = Math.floor(Date.now() / 1000);
    const value = `${nonce}.${issued}.${this.sign(email, nonce, issued)}`;
    return `${this.cookieName(email)}=${value}; Path=/api/auth; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  }

  /** The known device of `email` the Cookie header carries, or null (none, altered, another account's, too old). */
  recognise(email: string, cookieHeader: string | undefined): KnownDevice | null {
    const value = cookieValue(cookieHeader, this.cookieName(email));
    const match = value === null ? null : /^([\w-]{22})\.(\d{1,12})\.([\w-]{43})$/.exec(value);
    if (!match) return null;
    const [, nonce = '', issuedText = '', signature = ''] = match;
    const issued = Number(issuedText);
    const age = Date.now() / 1000 - issued;
    if (age < -300 || age > MAX_AGE_SECONDS) return null;
    const expected = Buffer.from(this.sign(email, nonce, issued));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? { nonce } : null;
  }

  private cookieName(email: string): string {
    return (
      COOKIE_PREFIX +
      createHmac('sha256', this.key)
        .update(`name\u0000${normalise(email)}`)
        .digest('hex')
        .slice(0, 16)
    );
  }

  private sign(email: string, nonce: string, issued: number): string {
    return createHmac('sha256', this.key)
      .update(`device\u0000${normalise(email)}\u0000${nonce}\u0000${issued}`)
      .digest('base64url');
  }
}

function normalise(email: string): string {
  return email.trim().toLowerCase();
}

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || null;
  }
  return null;
}
