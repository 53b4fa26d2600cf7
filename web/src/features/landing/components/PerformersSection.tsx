import { lazy, Suspense, useRef, useState } from 'react';
import { venue } from '@/config/venue';
import { useReducedMotion } from '@/lib/use-reduced-motion';
import { useCycle } from '../hooks/use-cycle';
import { useInView } from '../hooks/use-in-view';
import { BackgroundVideo } from './BackgroundVideo';
import { PhotoStrip } from './PhotoStrip';

// The two videos alternate every 4 s; the headline word changes every 2.5 s (PRODUCT.md §2.2).
// The lightbox (and Radix Dialog with it) loads on the first photo click, not with the page.
const Lightbox = lazy(() => import('./Lightbox').then((module) => ({ default: module.Lightbox })));

const SLIDE_INTERVAL_MS = 4000;
const WORD_INTERVAL_MS = 2500;
const HEADLINE_WORDS = ['Beauty', 'Talent', 'Energy'] as const;

export function PerformersSection() {
  const ref = useRef<HTMLElement | null>(null);
  const { near, visible } = useInView(ref);
  const reduced = useReducedMotion();
  const slide = useCycle(venue.media.performers.length, SLIDE_INTERVAL_MS, reduced);
  const word = useCycle(HEADLINE_WORDS.length, WORD_INTERVAL_MS, reduced);
  const [photoIndex, setPhotoIndex] = useState<number | null>(null);
  const [lightboxUsed, setLightboxUsed] = useState(false);
  const openPhoto = (index: number) => {
    setLightboxUsed(true);
    setPhotoIndex(index);
  };

  return (
    <section
      id="performers"
      ref={ref}
      tabIndex={-1}
      aria-labelledby="performers-title"
      className="scroll-mt-16 focus:outline-none"
    >
      <div className="relative flex min-h-[100svh] items-center justify-center overflow-hidden px-4 text-center">
        {venue.media.performers.map((source, index) => (
          <div
            key={source.mp4}
            data-testid="performer-slide"
            data-active={index === slide}
            className={`absolute inset-0 transition-opacity duration-1000 ${index === slide ? 'opacity-100' : 'opacity-0'}`}
          >
            <BackgroundVideo source={source} load={near} playing={visible && !reduced} deferPoster />
          </div>
        ))}
        <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-b from-night-950 via-night-950/40 to-night-950" />
        <div className="relative z-10">
          <p className="text-xs font-semibold uppercase tracking-[0.4em] text-neon-light">Our Performers</p>
          <h2 id="performers-title" className="font-display mt-4 text-5xl text-white sm:text-7xl">
            <span className="sr-only">Beauty, Talent, Energy</span>
            <span aria-hidden="true" data-testid="cycling-word" className="neon-text block text-gold">
              {HEADLINE_WORDS[word]}
            </span>
          </h2>
          <p className="mx-auto mt-6 max-w-xl text-lg text-white/90">
            Dancers, aerialists and showgirls from around the world take the stage every night, from the first set to the last
            encore.
          </p>
        </div>
      </div>
      <PhotoStrip photos={venue.media.photos} onOpen={openPhoto} />
      {lightboxUsed ? (
        <Suspense fallback={null}>
          <Lightbox photos={venue.media.photos} index={photoIndex} onIndexChange={setPhotoIndex} />
        </Suspense>
      ) : null}
    </section>
  );
}
