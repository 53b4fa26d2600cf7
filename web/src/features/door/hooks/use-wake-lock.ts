import { useEffect } from 'react';

interface WakeLockSentinelLike {
  released: boolean;
  release(): Promise<void>;
}
type WakeLockApi = { request(type: 'screen'): Promise<WakeLockSentinelLike> };

/**
 * Keeps the screen on while the component is mounted (Screen Wake Lock API): the browser drops
 * the lock whenever the page is hidden, so it is asked for again each time the page is visible
 * again, and released on leaving. Where the API is missing or refuses (battery saver), nothing happens.
 */
export function useWakeLock() {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLockApi }).wakeLock;
    if (!wakeLock) return;
    let sentinel: WakeLockSentinelLike | null = null;
    let active = true;
    const acquire = async () => {
      if (!active || document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const next = await wakeLock.request('screen');
        if (active) sentinel = next;
        else void next.release();
      } catch {
        // Refused (battery saver, not visible): the screen may dim, door mode still works.
      }
    };
    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      active = false;
      document.removeEventListener('visibilitychange', onVisibility);
      if (sentinel && !sentinel.released) void sentinel.release().catch(() => undefined);
    };
  }, []);
}
