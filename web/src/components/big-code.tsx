import { RAISE_BRIGHTNESS_HINT } from '@nocturne/domain';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { QrCode } from '@/components/ui/qr-code';
import { ShortCode } from '@/components/ui/short-code';

/**
 * One tap to the door: a code alone on a light background, as large as the screen
 * allows, with the hint to raise the brightness (scanners read a bright screen best). Opened by
 * its address (`?big=1` on My card, `?big=<user coupon id>` on My Coupons), so the app's
 * shortcuts land on it directly; Close (or Escape) goes back to the tab.
 */
export function BigCode({
  payload,
  shortCode,
  title,
  onClose,
}: {
  payload: string;
  shortCode: string;
  title: string;
  onClose: () => void;
}) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={title}
      data-testid="big-code"
      className="fixed inset-0 z-50 grid place-items-center overflow-auto bg-white p-4 text-night-950"
    >
      <div className="grid w-full max-w-md justify-items-center gap-4 text-center">
        <p className="font-display text-2xl">{title}</p>
        <div className="w-full [&_img]:h-auto [&_img]:w-full">
          <QrCode payload={payload} alt={`Large code: ${title}`} testId="big-code-qr" />
        </div>
        <div className="text-3xl">
          <ShortCode code={shortCode} testId="big-code-short-code" dark />
        </div>
        <p className="text-base font-semibold" data-testid="brightness-hint">
          {RAISE_BRIGHTNESS_HINT}
        </p>
        <button
          ref={close}
          type="button"
          onClick={onClose}
          className="min-h-11 rounded-full border border-night-950 px-6 text-sm font-semibold uppercase tracking-wider"
        >
          Close
        </button>
      </div>
    </div>
  );
}

/** The `big` search parameter of the address (the large-code view), and a way to set or clear it. */
export function useBigCodeParam(): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete('big');
      else next.set('big', value);
      return next;
    });
  return [params.get('big'), set];
}
