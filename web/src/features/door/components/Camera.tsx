import { useEffect, useId, useRef } from 'react';

/**
 * Starts a camera in the element with this id and reports each decoded text; resolves with its
 * stop function. The app passes the qr-scanner's; tests pass a fake.
 */
export type DoorCamera = (
  elementId: string,
  onDecoded: (text: string) => void,
  options: { paused: () => boolean },
) => Promise<() => Promise<void>>;

/** The camera, on for as long as door mode is open; starts and stops are chained so two never overlap. */
export function Camera({
  start,
  onDecoded,
  paused,
  onError,
}: {
  start: DoorCamera;
  onDecoded: (text: string) => void;
  paused: () => boolean;
  onError: () => void;
}) {
  const elementId = `door-camera-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const decoded = useRef(onDecoded);
  const failed = useRef(onError);
  const isPaused = useRef(paused);
  useEffect(() => {
    decoded.current = onDecoded;
    failed.current = onError;
    isPaused.current = paused;
  });
  useEffect(() => {
    let cancelled = false;
    let stop: (() => Promise<void>) | undefined;
    const started = (async () => {
      try {
        stop = await start(elementId, (text) => decoded.current(text), { paused: () => isPaused.current() });
        if (cancelled) await stop();
      } catch {
        if (!cancelled) failed.current();
      }
    })();
    return () => {
      cancelled = true;
      void started.then(() => stop?.());
    };
  }, [elementId, start]);
  return (
    <div
      id={elementId}
      data-testid="door-camera"
      className="relative mx-auto w-full max-w-md overflow-hidden rounded-xl bg-black ring-1 ring-white/10"
    />
  );
}
