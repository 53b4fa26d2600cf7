/**
 * Short codes: what staff type when a member's QR cannot be scanned. Pure functions only; the
 * HMAC lives in QrTokenService (it holds QR_SECRET) and storage in ShortCodeService.
 *
 * Crockford's base32 (https://www.crockford.com/base32.html): "The encoding uses the digits 0-9
 * and the letters A-Z except I, L, O and U"; "When decoding, upper and lower case letters are
 * accepted, and i and l will be treated as 1 and o will be treated as 0"; "Hyphens (-) can be
 * inserted into symbol strings ... and ignored during decoding". U is excluded and stays invalid.
 */
export const CROCKFORD_DIGITS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 11 digits of 5 bits: 55 bits, so guessing a live code is hopeless even without the attempt limit. */
const SHORT_CODE_LENGTH = 11;
export const SHORT_CODE_BITS = SHORT_CODE_LENGTH * 5;

const STORED_FORM = /^[0-9A-HJKMNP-TV-Z]{11}$/;
/** Hyphens, dashes a phone keyboard may substitute (U+2010-2015, minus sign) and any white space. */
const IGNORED = /[\s\-\u2010-\u2015\u2212]/g;

/** What a short code or QR token stands for: a member's claimed coupon, or a member's card. */
export type CodeSubject = 'user-coupon' | 'member-card';

/**
 * The text that is HMAC'd for a user coupon's or a member card's code. Attempt 0 is the id alone;
 * after a collision (a coupon or card already holds that code) attempt n appends `:n`. The prefix
 * keeps these digests apart from each other's and from the QR tokens', which HMAC `<subject>:<id>`
 * with the same secret.
 */
export function shortCodeMessage(id: string, attempt: number, subject: CodeSubject = 'user-coupon'): string {
  if (!Number.isInteger(attempt) || attempt < 0) throw new RangeError(`attempt must be a whole number >= 0, got ${attempt}`);
  const lower = id.toLowerCase();
  return `${subject}-short-code:${attempt === 0 ? lower : `${lower}:${attempt}`}`;
}

/** The text that is HMAC'd for a QR token: `user-coupon:<id>` or `member-card:<id>`, so a token fits one subject only. */
export function qrTokenMessage(id: string, subject: CodeSubject): string {
  return `${subject}:${id.toLowerCase()}`;
}

/** The first 55 bits of a digest (most significant first) as 11 Crockford digits. */
export function encodeShortCode(digest: Uint8Array): string {
  if (digest.length * 8 < SHORT_CODE_BITS)
    throw new RangeError(`a short code needs ${SHORT_CODE_BITS} bits, the digest has ${digest.length * 8}`);
  let code = '';
  for (let digit = 0; digit < SHORT_CODE_LENGTH; digit++) {
    let value = 0;
    for (let bit = digit * 5; bit < digit * 5 + 5; bit++) value = (value << 1) | ((digest[bit >> 3]! >> (7 - (bit & 7))) & 1);
    code += CROCKFORD_DIGITS[value];
  }
  return code;
}

/**
 * What staff typed, as stored (upper case, no separators), or null when it cannot be a code:
 * wrong length, U, or anything outside base32. Case, hyphens and spaces do not matter; I and L
 * read as 1 and O as 0.
 */
export function normaliseShortCode(typed: string): string | null {
  const compact = typed.replace(IGNORED, '');
  if (!/^[0-9A-Za-z]+$/.test(compact)) return null;
  const code = compact.toUpperCase().replace(/[IL]/g, '1').replace(/O/g, '0');
  return STORED_FORM.test(code) ? code : null;
}

/** The stored form shown to people, in groups of 4-4-3: K7QM-3XPD-2A9. */
export function formatShortCode(code: string): string {
  if (!STORED_FORM.test(code)) throw new RangeError(`not a stored short code: ${JSON.stringify(code)}`);
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}
