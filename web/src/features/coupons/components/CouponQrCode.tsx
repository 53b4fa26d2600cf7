import { QrCode } from '@/components/ui/qr-code';

/** The QR payload staff scan: JSON `{"userCouponId", "token"}` (the token is the user coupon's qrCode). */
export const qrPayload = (userCouponId: string, token: string) => JSON.stringify({ userCouponId, token });

/** A held coupon's QR, drawn as every QR staff scan is (components/ui/qr-code). */
export function CouponQrCode({ userCouponId, token, label }: { userCouponId: string; token: string; label: string }) {
  return <QrCode payload={token ? qrPayload(userCouponId, token) : null} alt={`QR code for ${label}`} testId="coupon-qr" />;
}
