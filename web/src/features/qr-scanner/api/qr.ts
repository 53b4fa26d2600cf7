import type { QrRedeemResponse, QrValidateResponse } from '@nocturne/contracts';
import { api } from '@/lib/api-client';

export interface ScannedCode {
  userCouponId: string;
  token: string;
}

/** SPEC 5: the scanned text must be JSON holding the user coupon's id and token. */
export function parseScannedCode(text: string): ScannedCode | null {
  try {
    const value: unknown = JSON.parse(text.trim());
    if (typeof value !== 'object' || value === null) return null;
    const { userCouponId, token } = value as Record<string, unknown>;
    if (typeof userCouponId !== 'string' || typeof token !== 'string' || !userCouponId || !token) return null;
    return { userCouponId, token };
  } catch {
    return null;
  }
}

export const validateCode = (code: ScannedCode) =>
  api.post<QrValidateResponse>('/api/qr/validate', { userCouponId: code.userCouponId, qrCodeToken: code.token });

// SPEC 7: validatedBy is the literal 'admin'; the api records the signed-in admin.
export const redeemCode = (code: ScannedCode) =>
  api.post<QrRedeemResponse>('/api/qr/redeem', { userCouponId: code.userCouponId, qrCodeToken: code.token, validatedBy: 'admin' });
