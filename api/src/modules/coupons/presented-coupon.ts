import type { QrValidateRequest } from '@nocturne/contracts';

/** A coupon as shown at the door: the QR payload (camera or pasted JSON), or its short code typed by staff. */
export type PresentedCoupon = { method: 'qr'; userCouponId: string; token: string } | { method: 'code'; code: string };

/** Which form the request used; a body holding both forms is read as the QR one (as the contract says). */
export function presentedCoupon(body: QrValidateRequest): PresentedCoupon {
  return 'userCouponId' in body
    ? { method: 'qr', userCouponId: body.userCouponId, token: body.qrCodeToken }
    : { method: 'code', code: body.code };
}

/** What the scan log keeps of the attempt: the scanned id, or the code as typed. */
export function scannedText(presented: PresentedCoupon): string {
  return presented.method === 'qr' ? presented.userCouponId : presented.code;
}
