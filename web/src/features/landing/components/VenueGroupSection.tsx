import type { PublicVenueView } from '@nocturne/contracts';
import { useId } from 'react';
import { buttonClass } from '@/components/ui/button';

const KIND_WORDS = { NightClub: 'Night club', BarOrPub: 'Bar' } as const;

/**
 * The group's open venues, as the api wrote them into the landing page (JSON it never runs, so the
 * page asks nothing of the api for them); empty for a single venue, whose page carries none.
 */
export function readVenueGroup(): PublicVenueView[] {
  try {
    const venues = JSON.parse(document.getElementById('venue-group')?.textContent ?? '[]') as PublicVenueView[];
    return venues.length > 1 ? venues : [];
  } catch {
    return [];
  }
}

/**
 * A group's venues on its landing page, each leading to its own page (hours, map, booking). Loaded
 * only when the page carries a group of several venues: a single venue's landing page has none of it.
 */
export function VenueGroupSection({ venues }: { venues: PublicVenueView[] }) {
  // This module reads React itself (useId), as the landing page's code does: one that used only
  // the JSX runtime had the bundler split React into one more file on the landing page's critical
  // path, 0.2 KB gzip over its JavaScript budget.
  const titleId = useId();
  return (
    <section id="venues" aria-labelledby={titleId} className="scroll-mt-16 px-4 py-24">
      <div className="mx-auto max-w-6xl">
        <div className="text-center">
          <p className="text-xs font-semibold uppercase tracking-[0.4em] text-neon-light">Our Venues</p>
          <h2 id={titleId} className="font-display mt-3 text-4xl text-gold sm:text-5xl">
            One club, {venues.length} venues
          </h2>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {venues.map((venue) => (
            <li key={venue.slug} className="rounded-xl border border-white/10 bg-night-900/80 p-5">
              <h3 className="font-display text-2xl text-white">{venue.name}</h3>
              <p className="mt-1 text-sm text-white/75">
                {KIND_WORDS[venue.kind]}
                {venue.address.locality ? ` · ${venue.address.locality}` : ''}
              </p>
              <address className="mt-2 not-italic text-white/85">{venue.address.street}</address>
              <a href={`/venues/${venue.slug}`} className={buttonClass('outline', 'mt-4')}>
                Hours and bookings<span className="sr-only"> at {venue.name}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
