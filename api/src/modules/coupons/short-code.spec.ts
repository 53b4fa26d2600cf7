import { randomBytes } from 'node:crypto';
import {
  CROCKFORD_DIGITS,
  encodeShortCode,
  formatShortCode,
  normaliseShortCode,
  SHORT_CODE_BITS,
  qrTokenMessage,
  shortCodeMessage,
} from './short-code.js';

/** A second, independent reading of the first 55 bits: BigInt over the hex digest. */
function referenceEncoding(digest: Buffer): string {
  let value = BigInt(`0x${digest.subarray(0, 7).toString('hex')}`) >> 1n; // 56 bits -> the first 55
  let code = '';
  for (let i = 0; i < 11; i++) {
    code = CROCKFORD_DIGITS[Number(value & 31n)]! + code;
    value >>= 5n;
  }
  return code;
}

describe('Crockford base32 digits', () => {
  it('are the 32 symbols of the Crockford alphabet: no I, L, O or U', () => {
    expect(CROCKFORD_DIGITS).toHaveLength(32);
    expect(new Set(CROCKFORD_DIGITS).size).toBe(32);
    expect(CROCKFORD_DIGITS).not.toMatch(/[ILOU]/);
  });
});

describe('encodeShortCode', () => {
  it('writes the first 55 bits of the digest, most significant first, as 11 digits', () => {
    expect(SHORT_CODE_BITS).toBeGreaterThanOrEqual(45);
    expect(encodeShortCode(Buffer.alloc(32, 0))).toBe('00000000000');
    expect(encodeShortCode(Buffer.alloc(32, 0xff))).toBe('ZZZZZZZZZZZ');
    // 00001 00010 00011 ... : the digits 1, 2, 3 ... 11 in order (padded with zero bits).
    const bits = Array.from({ length: 11 }, (_, i) => (i + 1).toString(2).padStart(5, '0')).join('') + '0';
    const digest = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
    expect(encodeShortCode(digest)).toBe('123456789AB');
    for (let i = 0; i < 200; i++) {
      const random = randomBytes(32);
      expect(encodeShortCode(random)).toBe(referenceEncoding(random));
    }
  });

  it('ignores everything after the 55th bit', () => {
    const digest = randomBytes(32);
    const changed = Buffer.from(digest);
    changed[6] = changed[6]! ^ 0x01; // bit 56
    changed[20] = changed[20]! ^ 0xff;
    expect(encodeShortCode(changed)).toBe(encodeShortCode(digest));
    changed[6] = changed[6]! ^ 0x02; // bit 55
    expect(encodeShortCode(changed)).not.toBe(encodeShortCode(digest));
  });

  it('refuses a digest too short to hold 55 bits', () => {
    expect(() => encodeShortCode(Buffer.alloc(6))).toThrow(RangeError);
  });
});

describe('shortCodeMessage', () => {
  const ID = '6F1C1D2E-8A1B-4C3D-9E4F-0A1B2C3D4E5F';

  it('is the id alone first, then id:1, id:2 ... after collisions, whatever the id case', () => {
    expect(shortCodeMessage(ID, 0)).toBe(`user-coupon-short-code:${ID.toLowerCase()}`);
    expect(shortCodeMessage(ID, 1)).toBe(`user-coupon-short-code:${ID.toLowerCase()}:1`);
    expect(shortCodeMessage(ID.toLowerCase(), 2)).toBe(`user-coupon-short-code:${ID.toLowerCase()}:2`);
  });

  it('never collides with the QR token message for the same id', () => {
    expect(shortCodeMessage(ID, 0)).not.toBe(`user-coupon:${ID.toLowerCase()}`);
  });

  it("keeps a member card's messages apart from a coupon's, for codes and tokens alike", () => {
    expect(shortCodeMessage(ID, 0, 'member-card')).toBe(`member-card-short-code:${ID.toLowerCase()}`);
    expect(shortCodeMessage(ID, 3, 'member-card')).toBe(`member-card-short-code:${ID.toLowerCase()}:3`);
    const messages = [
      shortCodeMessage(ID, 0),
      shortCodeMessage(ID, 0, 'member-card'),
      qrTokenMessage(ID, 'user-coupon'),
      qrTokenMessage(ID, 'member-card'),
    ];
    expect(new Set(messages).size).toBe(4);
  });

  it('refuses a negative or fractional attempt', () => {
    expect(() => shortCodeMessage(ID, -1)).toThrow(RangeError);
    expect(() => shortCodeMessage(ID, 1.5)).toThrow(RangeError);
  });
});

describe('normaliseShortCode', () => {
  it.each([
    ['K7QM-3XPD-2A9', 'K7QM3XPD2A9'],
    ['k7qm-3xpd-2a9', 'K7QM3XPD2A9'],
    ['K7QM3XPD2A9', 'K7QM3XPD2A9'],
    ['  k7qm 3xpd 2a9 ', 'K7QM3XPD2A9'],
    ['K7-QM-3X-PD-2A-9', 'K7QM3XPD2A9'],
    ['K7QM\u20133XPD\u20142A9', 'K7QM3XPD2A9'], // dashes a phone keyboard substitutes
    ['K7QM\t3XPD\n2A9', 'K7QM3XPD2A9'],
  ])('reads %j as %s (case, hyphens and spaces do not matter)', (typed, stored) => {
    expect(normaliseShortCode(typed)).toBe(stored);
  });

  it('reads I and L as 1, and O as 0, in either case (Crockford decoding)', () => {
    expect(normaliseShortCode('KIQM-3XPD-2AO')).toBe('K1QM3XPD2A0');
    expect(normaliseShortCode('klqm-3xpd-2ao')).toBe('K1QM3XPD2A0');
    expect(normaliseShortCode('ilIL-oOoO-000')).toBe('11110000000');
  });

  it.each([
    ['U is not a Crockford digit', 'K7QM-3XPD-2AU'],
    ['one character short', 'K7QM-3XPD-2A'],
    ['one character long', 'K7QM-3XPD-2A9Z'],
    ['punctuation other than hyphens', 'K7QM.3XPD.2A9'],
    ['letters outside ASCII that upper-case to ASCII', 'K7QM-3XPD-2A\u017f'],
    ['empty', ''],
    ['only separators', ' - - '],
    ['the JSON QR payload', '{"userCouponId":"x","token":"y"}'],
  ])('refuses %s', (_, typed) => {
    expect(normaliseShortCode(typed)).toBeNull();
  });
});

describe('formatShortCode', () => {
  it('groups a stored code 4-4-3, and normalising the result gives it back', () => {
    expect(formatShortCode('K7QM3XPD2A9')).toBe('K7QM-3XPD-2A9');
    for (let i = 0; i < 100; i++) {
      const code = encodeShortCode(randomBytes(32));
      expect(normaliseShortCode(formatShortCode(code))).toBe(code);
      expect(normaliseShortCode(formatShortCode(code).toLowerCase())).toBe(code);
    }
  });

  it('refuses anything that is not a stored code', () => {
    expect(() => formatShortCode('k7qm3xpd2a9')).toThrow(RangeError);
    expect(() => formatShortCode('K7QM-3XPD-2A9')).toThrow(RangeError);
  });
});
