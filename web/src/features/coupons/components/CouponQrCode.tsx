import { useEffect, useState } from 'react';

// SPEC 9: width 200, margin 1, gold modules on black.
const QR_OPTIONS = { width: 200, margin: 1, color: { dark: '#D4AF37', light: '#000000' } } as const;

/** The QR payload staff scan: JSON `{"userCouponId", "token"}` (the token is the user coupon's qrCode). */
export const qrPayload = (userCouponId: string, token: string) => JSON.stringify({ userCouponId, token });

export function CouponQrCode({ userCouponId, token, label }: { userCouponId: string; token: string; label: string }) {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!token) return;
    let live = true;
    // The encoder loads with the first code shown, not with the members area.
    import('qrcode')
      .then((QRCode) => QRCode.toDataURL(qrPayload(userCouponId, token), QR_OPTIONS))
      .then((url) => live && setImage(url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [userCouponId, token]);

  if (!token || failed) return <p className="text-sm text-white/75">QR code not available</p>;
  if (!image) return <div className="h-[200px] w-[200px] animate-pulse rounded bg-white/10" aria-hidden="true" />;
  return <img src={image} width={200} height={200} alt={`QR code for ${label}`} data-testid="coupon-qr" className="rounded" />;
}
