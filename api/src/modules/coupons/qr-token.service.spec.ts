import type { ApiConfig } from '#config/api-config.js';
import { QrTokenService } from './qr-token.service.js';
import { encodeShortCode } from './short-code.js';

const config = (overrides: Partial<ApiConfig>) =>
  ({
    NODE_ENV: 'test',
    DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/nocturne',
    QR_SECRET: undefined,
    ...overrides,
  }) as ApiConfig;
const ID = '6f1c1d2e-8a1b-4c3d-9e4f-0a1b2c3d4e5f';
const OTHER = '7f1c1d2e-8a1b-4c3d-9e4f-0a1b2c3d4e5f';

describe('QrTokenService', () => {
  const service = new QrTokenService(config({ QR_SECRET: 'a'.repeat(32) }));

  it('makes a 256-bit base64url token per user coupon, the same every time', () => {
    const token = service.tokenFor(ID);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(service.tokenFor(ID)).toBe(token);
    expect(service.tokenFor(ID.toUpperCase())).toBe(token);
    expect(service.tokenFor(OTHER)).not.toBe(token);
  });

  it('accepts a token only for its own user coupon, and only exactly', () => {
    const token = service.tokenFor(ID);
    expect(service.matches(ID, token)).toBe(true);
    expect(service.matches(OTHER, token)).toBe(false);
    expect(service.matches(ID, `${token}=`)).toBe(false);
    expect(service.matches(ID, token.slice(1))).toBe(false);
    expect(service.matches(ID, '')).toBe(false);
  });

  it('depends on the secret; without one, development derives a stable secret from DATABASE_URL', () => {
    const other = new QrTokenService(config({ QR_SECRET: 'b'.repeat(32) }));
    expect(other.tokenFor(ID)).not.toBe(service.tokenFor(ID));
    const dev = new QrTokenService(config({ NODE_ENV: 'development' }));
    expect(new QrTokenService(config({ NODE_ENV: 'development' })).tokenFor(ID)).toBe(dev.tokenFor(ID));
    expect(new QrTokenService(config({ DATABASE_URL: 'postgresql://elsewhere/db' })).tokenFor(ID)).not.toBe(dev.tokenFor(ID));
  });

  it('derives a short code per user coupon from the secret: 11 Crockford digits, the same every time', () => {
    const code = service.shortCodeFor(ID);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{11}$/);
    expect(service.shortCodeFor(ID)).toBe(code);
    expect(service.shortCodeFor(ID.toUpperCase())).toBe(code);
    expect(service.shortCodeFor(OTHER)).not.toBe(code);
    expect(new QrTokenService(config({ QR_SECRET: 'b'.repeat(32) })).shortCodeFor(ID)).not.toBe(code);
    // A separate HMAC: the code gives away no part of the QR token.
    const tokenBits = Buffer.from(service.tokenFor(ID), 'base64url');
    expect(encodeShortCode(tokenBits)).not.toBe(code);
  });

  it('derives a different code for each collision attempt, deterministically', () => {
    const candidates = [0, 1, 2, 3].map((attempt) => service.shortCodeFor(ID, attempt));
    expect(new Set(candidates).size).toBe(4);
    expect([0, 1, 2, 3].map((attempt) => service.shortCodeFor(ID, attempt))).toEqual(candidates);
  });

  it('recognises only codes derived from the id under the current secret, within the attempts allowed', () => {
    expect(service.isShortCodeOf(ID, service.shortCodeFor(ID, 0), 8)).toBe(true);
    expect(service.isShortCodeOf(ID, service.shortCodeFor(ID, 7), 8)).toBe(true);
    expect(service.isShortCodeOf(ID, service.shortCodeFor(ID, 8), 8)).toBe(false);
    expect(service.isShortCodeOf(OTHER, service.shortCodeFor(ID, 0), 8)).toBe(false);
    const rotated = new QrTokenService(config({ QR_SECRET: 'b'.repeat(32) }));
    expect(rotated.isShortCodeOf(ID, service.shortCodeFor(ID, 0), 8)).toBe(false);
    expect(service.isShortCodeOf(ID, `${service.shortCodeFor(ID, 0)}0`, 8)).toBe(false);
    expect(service.isShortCodeOf(ID, '', 8)).toBe(false);
  });

  it("never takes a coupon's token or code for a member card's with the same id, nor the other way round", () => {
    const cardToken = service.tokenFor(ID, 'member-card');
    expect(cardToken).toMatch(/^[\w-]{43}$/);
    expect(cardToken).not.toBe(service.tokenFor(ID));
    expect(service.matches(ID, cardToken, 'member-card')).toBe(true);
    expect(service.matches(ID, cardToken)).toBe(false);
    expect(service.matches(ID, service.tokenFor(ID), 'member-card')).toBe(false);
    const cardCode = service.shortCodeFor(ID, 0, 'member-card');
    expect(cardCode).not.toBe(service.shortCodeFor(ID, 0));
    expect(service.isShortCodeOf(ID, cardCode, 8, 'member-card')).toBe(true);
    expect(service.isShortCodeOf(ID, cardCode, 8)).toBe(false);
  });

  it('refuses to run without QR_SECRET in production', () => {
    expect(() => new QrTokenService(config({ NODE_ENV: 'production' }))).toThrow('QR_SECRET is required');
  });
});
