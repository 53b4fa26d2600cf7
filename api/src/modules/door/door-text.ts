import { MemberCardPayload, QrPayload } from '@nocturne/contracts';
import type { QrScanMethod } from '@nocturne/db';
import { normaliseShortCode } from '../coupons/coupons.public.js';

/**
 * What door mode sent, read: a coupon's QR payload, a member card's QR payload, a short code
 * (a coupon's or a card's: one namespace, so the code says which), or anything else, which may
 * still be a coupon's template code typed by mistake.
 */
export type DoorText =
  | { kind: 'coupon'; userCouponId: string; token: string }
  | { kind: 'card'; memberCardId: string; token: string }
  | { kind: 'code'; code: string }
  | { kind: 'payload' }
  | { kind: 'other'; text: string };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Reads what a camera decoded or a staffer typed (the contract has trimmed it and refused control characters). */
export function readDoorText(text: string): DoorText {
  if (text.startsWith('{')) {
    const payload = parseJson(text);
    const coupon = QrPayload.safeParse(payload);
    if (coupon.success) return { kind: 'coupon', userCouponId: coupon.data.userCouponId, token: coupon.data.token };
    const card = MemberCardPayload.safeParse(payload);
    if (card.success) return { kind: 'card', memberCardId: card.data.memberCardId, token: card.data.token };
    // Braces that hold none of our payloads: a QR code of something else, never a typed code.
    if (payload !== undefined) return { kind: 'payload' };
  }
  const code = normaliseShortCode(text);
  return code === null ? { kind: 'other', text } : { kind: 'code', code };
}

/**
 * Whether the text goes through the typed-code limit. QR payloads carry 256-bit tokens, so only
 * text that is not one could be a guess; the device's word for how it arrived is not trusted
 * (a guess sent as "scan" is still a guess).
 */
export function isGuessable(read: DoorText): boolean {
  return read.kind === 'code' || read.kind === 'other';
}

/**
 * Whether a miss counts as a wrong typed code: anything shaped like a short code, or any text a
 * staffer typed. A camera that read someone else's QR code (a URL on a flyer) is not guessing.
 */
export function countsAsWrongCode(read: DoorText, method: 'scan' | 'typed'): boolean {
  return read.kind === 'code' || (read.kind === 'other' && method === 'typed');
}

/** How the scan log names the attempt: the id a QR payload names, else the text as it came. */
export function scannedTextOf(read: DoorText, text: string): string {
  if (read.kind === 'coupon') return read.userCouponId;
  if (read.kind === 'card') return read.memberCardId;
  return text;
}

/** The scan log's method: what the camera read, or what was typed. */
export function scanMethodOf(method: 'scan' | 'typed'): QrScanMethod {
  return method === 'scan' ? 'qr' : 'code';
}
