import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { venue } from '@/config/venue';

/** Remembered on this device so regulars are asked once. */
export const AGE_CONFIRMED_KEY = 'ageConfirmed';

const isConfirmed = () => {
  try {
    return localStorage.getItem(AGE_CONFIRMED_KEY) === 'true';
  } catch {
    return false;
  }
};

// The answer as an external store: the prerendered page (no storage at build time) and the first
// hydrating render say "not confirmed", then React re-renders with this device's answer; another
// tab's answer arrives through the storage event.
const listeners = new Set<() => void>();
let confirmedThisView = false;
const snapshot = () => confirmedThisView || isConfirmed();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}
function remember(): void {
  try {
    localStorage.setItem(AGE_CONFIRMED_KEY, 'true');
  } catch {
    // storage refused (private mode): confirmed for this page view only
    confirmedThisView = true;
  }
  listeners.forEach((notify) => notify());
}

/**
 * The 18+ question on a first visit. A native modal <dialog> (inert page behind it, focus kept
 * inside) rather than Radix: it shows before anything else, so it must not add to the landing
 * page's JavaScript. It cannot be dismissed without an answer.
 */
export function AgeGate() {
  const confirmed = useSyncExternalStore(subscribe, snapshot, () => false);
  const [declined, setDeclined] = useState(false);
  const ref = useRef<HTMLDialogElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    // Read the store itself: while hydrating, `confirmed` is still the prerendered "no".
    if (!snapshot() && dialog && !dialog.open) dialog.showModal?.();
  }, [confirmed]);

  if (confirmed) return null;

  // Escape closes a native dialog (browsers may refuse to let us cancel it): ask again.
  const reopen = () => {
    if (!snapshot()) ref.current?.showModal?.();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby="age-gate-title"
      aria-describedby="age-gate-text"
      onCancel={(event) => event.preventDefault()}
      onClose={reopen}
      className="m-auto w-[calc(100vw-1.5rem)] max-w-md rounded-2xl border border-gold/30 bg-night-900 p-6 text-white shadow-[0_0_60px_rgba(255,45,149,0.25)] backdrop:bg-black/85 backdrop:backdrop-blur-sm"
    >
      <h2 id="age-gate-title" className="font-display text-2xl text-gold">
        Are you {venue.minimumAge} or older?
      </h2>
      <p id="age-gate-text" className="mt-2 text-sm text-white/85">
        {venue.name} is an adults-only venue. You must be {venue.minimumAge} or older to enter this site.
      </p>
      {declined ? (
        <p role="alert" className="mt-5 rounded-md border border-red-500/50 bg-red-950/60 p-3 text-red-100">
          Sorry, you must be {venue.minimumAge} or older to visit {venue.name}.
        </p>
      ) : (
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <Button variant="gold" onClick={remember} className="flex-1" autoFocus>
            I am {venue.minimumAge} or older
          </Button>
          <Button variant="outline" onClick={() => setDeclined(true)} className="flex-1">
            I am under {venue.minimumAge}
          </Button>
        </div>
      )}
    </dialog>
  );
}
