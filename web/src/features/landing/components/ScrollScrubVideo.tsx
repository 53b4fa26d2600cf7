import { useEffect, useRef, type RefObject } from 'react';
import type { VideoSource } from '@/config/venue';
import { BackgroundVideo } from './BackgroundVideo';

/**
 * The venue's background video, driven by scrolling instead of time: the frame shown follows how
 * far the section has travelled through the viewport. Frozen (poster) for reduced motion.
 */
export function ScrollScrubVideo({
  source,
  sectionRef,
  active,
}: {
  source: VideoSource;
  sectionRef: RefObject<HTMLElement | null>;
  active: boolean;
}) {
  const videoRef = useRef<HTMLVideoElement | null>(null);

  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const seek = () => {
      frame = 0;
      const video = videoRef.current;
      const section = sectionRef.current;
      if (!video || !section || !Number.isFinite(video.duration) || video.duration === 0) return;
      const rect = section.getBoundingClientRect();
      const progress = (window.innerHeight - rect.top) / (window.innerHeight + rect.height);
      const clamped = Math.min(1, Math.max(0, progress));
      video.currentTime = clamped * (video.duration - 0.05);
    };
    // One seek per animation frame at most; seeking on every scroll event would queue up.
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(seek);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    videoRef.current?.addEventListener('loadedmetadata', seek);
    const video = videoRef.current;
    return () => {
      window.removeEventListener('scroll', onScroll);
      video?.removeEventListener('loadedmetadata', seek);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [active, sectionRef]);

  return <BackgroundVideo source={source} playing={false} load={active} loop={false} videoRef={videoRef} deferPoster />;
}
