import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';

/** What the camera read (the QR payload) or what staff typed (the short code under the QR). */
export type ScannedCode = { userCouponId: string; token: string } | { code: string };

/** A short code as shown under the QR (`K7QM-3XPD-2A9`): 11 letters and digits once hyphens and spaces go. */
const SHORT_CODE = /^[0-9a-z]{11}$/i;

/**
 * A scanned code is JSON holding the user coupon's id and token; typed text may instead be
 * the short code, in any case, with or without hyphens and spaces (the api normalises it).
 */
export function parseScannedCode(text: string): ScannedCode | null {
  const trimmed = text.trim();
  const compact = trimmed.replace(/[\s-]+/g, '');
  if (SHORT_CODE.test(compact)) return { code: compact.toUpperCase() };
  try {
    const value: unknown = JSON.parse(trimmed);
    if (typeof value !== 'object' || value === null) return null;
    const { userCouponId, token } = value as Record<string, unknown>;
    if (typeof userCouponId !== 'string' || typeof token !== 'string' || !userCouponId || !token) return null;
    return { userCouponId, token };
  } catch {
    return null;
  }
}

/** The request body for either form. */
const formOf = (code: ScannedCode) =>
  'code' in code ? { code: code.code } : { userCouponId: code.userCouponId, qrCodeToken: code.token };

/** One text per code, to recognise the same code seen again. */
export const codeText = (code: ScannedCode) =>
  'code' in code ? code.code : JSON.stringify({ userCouponId: code.userCouponId, token: code.token });

export const validateCode = (code: ScannedCode) => api.call(routes.validateCode, { body: formOf(code) });

// validatedBy is the literal 'admin' (the staff side redeemed it); the api records who signed in.
export const redeemCode = (code: ScannedCode) => api.call(routes.redeemCode, { body: { ...formOf(code), validatedBy: 'admin' } });
