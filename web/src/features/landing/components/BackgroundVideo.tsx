import { useEffect, useRef, type RefObject } from 'react';
import type { VideoSource } from '@/config/venue';
import { useAfterPageLoad } from '@/lib/use-after-page-load';

interface BackgroundVideoProps {
  source: VideoSource;
  /** Play while true, pause otherwise (reduced motion, off screen, inactive slide). */
  playing: boolean;
  /** Attach the sources only once this is true, so off-screen videos cost nothing. */
  load?: boolean;
  className?: string;
  videoRef?: RefObject<HTMLVideoElement | null>;
  loop?: boolean;
  /**
   * Below the fold: the poster too waits for the page's load (and hydration), so the first paint
   * does not share a slow phone link with images nobody sees yet.
   */
  deferPoster?: boolean;
}

/** A decorative, muted, looping video. A video that fails to load is only logged: the page works without it. */
export function BackgroundVideo({
  source,
  playing,
  load = true,
  className = '',
  videoRef,
  loop = true,
  deferPoster = false,
}: BackgroundVideoProps) {
  const pageLoaded = useAfterPageLoad();
  const ownRef = useRef<HTMLVideoElement | null>(null);
  const ref = videoRef ?? ownRef;

  useEffect(() => {
    const video = ref.current;
    if (!video || !load) return;
    if (playing) {
      // Autoplay can be refused (data saver, power saving); the poster stays, which is fine.
      video.play?.()?.catch(() => undefined);
    } else {
      video.pause?.();
    }
  }, [playing, load, ref]);

  // With <source> children the error fires on the sources; the last one failing means no video.
  const logFailure = () => console.warn(`Background video could not be loaded: ${source.mp4}`);

  return (
    <video
      ref={ref}
      className={`pointer-events-none absolute inset-0 h-full w-full object-cover ${className}`}
      poster={deferPoster && !pageLoaded ? undefined : source.poster}
      muted
      loop={loop}
      playsInline
      preload={load ? 'auto' : 'none'}
      aria-hidden="true"
      tabIndex={-1}
      disablePictureInPicture
    >
      {load ? (
        <>
          <source src={source.webm} type="video/webm" />
          <source src={source.mp4} type="video/mp4" onError={logFailure} />
        </>
      ) : null}
    </video>
  );
}
