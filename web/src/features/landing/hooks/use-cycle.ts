import { useEffect, useState } from 'react';

/** Steps through `length` items every `intervalMs`, holding still while `paused`. */
export function useCycle(length: number, intervalMs: number, paused: boolean): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (paused || length < 2) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % length), intervalMs);
    return () => clearInterval(timer);
  }, [length, intervalMs, paused]);
  return index;
}
