import { useEffect, useState } from 'react';

/**
 * The time now, refreshed every `everyMs`: a screen that compares against a deadline (an undo
 * window closing) reads it here, since render itself must not call Date.now().
 */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
