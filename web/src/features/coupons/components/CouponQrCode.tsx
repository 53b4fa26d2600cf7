import { useEffect, useState } from 'react';

/**
 * Dark modules on a light card with the 4-module quiet zone the QR standard asks for, and error
 * correction M: gold on black (the first design) is an inverted code that camera decoders
 * miss, so the code is drawn the way every scanner reads it. 240 px is about 5 px a module.
 */
export const QR_SIZE = 240;
const QR_OPTIONS = {
  width: QR_SIZE,
  margin: 4,
  errorCorrectionLevel: 'M',
  color: { dark: '#000000', light: '#FFFFFF' },
} as const;

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
  if (!image) return <div className="h-[240px] w-[240px] animate-pulse rounded-lg bg-white/10" aria-hidden="true" />;
  return (
    <img
      src={image}
      width={QR_SIZE}
      height={QR_SIZE}
      alt={`QR code for ${label}`}
      data-testid="coupon-qr"
      className="rounded-lg bg-white"
    />
  );
}
