import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from './use-toast';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/** The toaster's area, as Radix labels it. */
const VIEWPORT = '[role="region"][aria-label^="Notifications"] > ol';

/**
 * Mounts the Radix toaster on demand: when the first toast is raised, or when F8 asks for the
 * notifications area (then focused once it is there, as Radix's own F8 does). A visitor who never
 * sees a toast never loads its code, which keeps it off the landing page's JavaScript.
 */
export function DeferredToaster() {
  const hasToasts = useToasts().length > 0;
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (asked) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') setAsked(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [asked]);
  if (!asked && !hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
      {asked ? <FocusWhenMounted /> : null}
    </Suspense>
  );
}

/** Rendered beside the toaster inside its Suspense boundary: runs once the toaster's code is in. */
function FocusWhenMounted() {
  useEffect(() => {
    document.querySelector<HTMLElement>(VIEWPORT)?.focus();
  }, []);
  return null;
}
