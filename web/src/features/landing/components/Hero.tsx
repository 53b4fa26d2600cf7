import { Button, buttonClass } from '@/components/ui/button';
import { venue } from '@/config/venue';
import { useAfterPageLoad } from '@/lib/use-after-page-load';
import { useReducedMotion } from '@/lib/use-reduced-motion';
import { useScrollToSection } from '../hooks/use-scroll-to-section';
import { BackgroundVideo } from './BackgroundVideo';

export function Hero({ onBook }: { onBook: () => void }) {
  const reduced = useReducedMotion();
  // The video is decoration: its poster shows at once, the video itself after the page has loaded.
  const videoReady = useAfterPageLoad();
  const scrollTo = useScrollToSection();
  return (
    <section
      id="top"
      aria-labelledby="hero-title"
      className="relative flex min-h-[100svh] items-center justify-center overflow-hidden px-4 pt-16 text-center"
    >
      <BackgroundVideo source={venue.media.hero} load={videoReady} playing={!reduced} />
      <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-b from-night-950/60 via-night-950/30 to-night-950" />
      <div className="relative z-10 mx-auto max-w-3xl">
        <p className="text-xs font-semibold uppercase tracking-[0.4em] text-neon-light sm:text-sm">
          Open 7 nights · Strictly 18+
        </p>
        <h1 id="hero-title" className="font-display neon-text mt-4 text-5xl tracking-[0.12em] text-gold sm:text-8xl">
          {venue.name.toUpperCase()}
        </h1>
        <p className="mx-auto mt-5 max-w-xl text-lg text-white/90 sm:text-xl">{venue.tagline}</p>
        <div className="mt-9 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button variant="neon" onClick={onBook} className="w-full sm:w-auto">
            Book VIP
          </Button>
          <a href="/whats-on" className={buttonClass('outline', 'w-full sm:w-auto')}>
            What&apos;s On
          </a>
          <Button variant="outline" onClick={() => scrollTo('contact')} className="w-full sm:w-auto">
            Find Us
          </Button>
        </div>
      </div>
      <button
        type="button"
        onClick={() => scrollTo('venue')}
        aria-label="Scroll to venue"
        className="absolute bottom-6 left-1/2 z-10 flex h-12 w-12 -translate-x-1/2 items-center justify-center rounded-full border border-gold/50 text-gold hover:bg-gold/10 focus-visible:outline-2 focus-visible:outline-gold"
      >
        <svg
          aria-hidden="true"
          className="motion-safe:animate-bounce"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
    </section>
  );
}
