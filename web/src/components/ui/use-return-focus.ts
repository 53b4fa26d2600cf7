import { useLayoutEffect, useRef } from 'react';

/**
 * Radix gives focus back to its own Trigger on close; our dialogs open from several buttons
 * without one, so remember whatever had focus when the dialog opened and return to it.
 */
export function useReturnFocus(open: boolean) {
  const returnTo = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      returnTo.current = document.activeElement;
    }
  }, [open]);
  return (event: Event) => {
    if (!returnTo.current?.isConnected) return;
    event.preventDefault();
    returnTo.current.focus();
  };
}
