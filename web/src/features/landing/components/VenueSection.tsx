import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { venue } from '@/config/venue';
import { useReducedMotion } from '@/lib/use-reduced-motion';
import { useInView } from '../hooks/use-in-view';
import { ScrollScrubVideo } from './ScrollScrubVideo';

const highlights = ['Three bars and a main stage', 'VIP and private rooms', 'Open until 04:00'];

export function VenueSection({ onGroupBooking }: { onGroupBooking: () => void }) {
  const ref = useRef<HTMLElement | null>(null);
  const { near } = useInView(ref, '400px');
  const reduced = useReducedMotion();
  return (
    <section
      id="venue"
      ref={ref}
      tabIndex={-1}
      aria-labelledby="venue-title"
      className="relative scroll-mt-16 overflow-hidden px-4 py-28 focus:outline-none sm:py-36"
    >
      <ScrollScrubVideo source={venue.media.venue} sectionRef={ref} active={near && !reduced} />
      <div aria-hidden="true" className="absolute inset-0 bg-night-950/70" />
      <div className="relative mx-auto max-w-3xl text-center">
        <p className="text-xs font-semibold uppercase tracking-[0.4em] text-neon-light">The Venue</p>
        <h2 id="venue-title" className="font-display mt-3 text-4xl text-gold sm:text-5xl">
          An after-dark world of its own
        </h2>
        <p className="mt-6 text-lg text-white/90">
          Behind a discreet door on {venue.address.street}, {venue.name} opens onto velvet booths, golden light and a stage that
          never sleeps. Come for a drink, stay for the show.
        </p>
        <ul className="mt-8 flex flex-wrap justify-center gap-3">
          {highlights.map((item) => (
            <li key={item} className="rounded-full border border-gold/40 bg-night-950/60 px-4 py-2 text-sm text-gold-light">
              {item}
            </li>
          ))}
        </ul>
        <Button variant="gold" className="mt-10" onClick={onGroupBooking}>
          Group Bookings
        </Button>
      </div>
    </section>
  );
}
