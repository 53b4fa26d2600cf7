import { useEffect, useState } from 'react';

/**
 * Dark modules on a light card with the 4-module quiet zone the QR standard asks for, and error
 * correction M: gold on black (the first design) is an inverted code that camera decoders
 * miss, so every code staff scan (a coupon's, a member card's) is drawn the way every scanner
 * reads it (PRODUCT.md §9). 240 px is about 5 px a module.
 */
const QR_SIZE = 240;
const QR_OPTIONS = {
  width: QR_SIZE,
  margin: 4,
  errorCorrectionLevel: 'M',
  color: { dark: '#000000', light: '#FFFFFF' },
} as const;

/** Draws `payload` as a QR image; "QR code not available" without one. */
export function QrCode({ payload, alt, testId }: { payload: string | null; alt: string; testId: string }) {
  const [image, setImage] = useState<{ payload: string; url: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!payload) return;
    let live = true;
    // The encoder loads with the first code shown, not with the page.
    import('qrcode')
      .then((QRCode) => QRCode.toDataURL(payload, QR_OPTIONS))
      .then((url) => live && setImage({ payload, url }))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [payload]);

  if (!payload || failed) return <p className="text-sm text-white/75">QR code not available</p>;
  if (image?.payload !== payload)
    return <div className="h-[240px] w-[240px] animate-pulse rounded-lg bg-white/10" aria-hidden="true" />;
  return <img src={image.url} width={QR_SIZE} height={QR_SIZE} alt={alt} data-testid={testId} className="rounded-lg bg-white" />;
}
