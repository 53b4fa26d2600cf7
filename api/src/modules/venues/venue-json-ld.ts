import type { PublicVenueView } from '@nocturne/contracts';
import { absolute } from '#infrastructure/web/rendered-pages.js';

/** schema.org's days, in the order of the venues' hours (0 = Sunday, as Date.getDay()). */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** The week as people read it on a page: Monday first. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** A weekday's hours as a venue's clocks show them: "20:00 – 04:00" (the night ends the next morning). */
export const hoursOn = (venue: PublicVenueView, weekday: number) =>
  `${clock(venue.openingHours.opensAtHour[weekday]!)} – ${clock(venue.openingHours.closesAtHour)}`;

export const weekdayName = (weekday: number) => WEEKDAYS[weekday]!;

/** One line of an address: "12 Old Compton St, London W1D 4TQ, United Kingdom". */
export function addressLine(venue: PublicVenueView): string {
  const { street, locality, region, postalCode, country } = venue.address;
  const place = [locality, region, postalCode].filter(Boolean).join(' ');
  return [street, place, country].filter(Boolean).join(', ');
}

/** A map of the venue: at its position when it has one, else found by its address. */
export function mapUrl(venue: PublicVenueView): string {
  const query = venue.location ? `${venue.location.latitude},${venue.location.longitude}` : addressLine(venue);
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

export const venuePath = (venue: Pick<PublicVenueView, 'slug'>) => `/venues/${venue.slug}`;

/**
 * A venue as schema.org's `NightClub` or `BarOrPub` (its kind), what search engines read of a
 * local business: its PostalAddress, position, telephone, map, and opening hours as
 * OpeningHoursSpecification in the venue's own wall-clock time (a night that ends after
 * midnight closes "earlier" than it opens, as schema.org and Google read it). Days with the same
 * hours share one specification.
 */
export function venueJsonLd(venue: PublicVenueView, origin: string) {
  const url = absolute(origin, venuePath(venue));
  const byHours = new Map<string, string[]>();
  for (const weekday of WEEK_ORDER) {
    const opens = clock(venue.openingHours.opensAtHour[weekday]!);
    byHours.set(opens, [...(byHours.get(opens) ?? []), weekdayName(weekday)]);
  }
  const address = venue.address;
  return {
    '@context': 'https://schema.org',
    '@type': venue.kind,
    '@id': url,
    identifier: venue.slug,
    name: venue.name,
    url,
    ...(venue.phone ? { telephone: venue.phone } : {}),
    // The parts a venue has: an empty one is left out rather than said as "".
    address: Object.fromEntries(
      Object.entries({
        '@type': 'PostalAddress',
        streetAddress: address.street,
        addressLocality: address.locality,
        addressRegion: address.region,
        postalCode: address.postalCode,
        addressCountry: address.country,
      }).filter(([, value]) => value !== ''),
    ),
    ...(venue.location ? { geo: { '@type': 'GeoCoordinates', ...venue.location } } : {}),
    hasMap: mapUrl(venue),
    openingHoursSpecification: [...byHours].map(([opens, days]) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: days,
      opens,
      closes: clock(venue.openingHours.closesAtHour),
    })),
  };
}

/** The group on its landing page: an Organization whose venues are its sub-organizations. */
export function groupJsonLd(venues: PublicVenueView[], origin: string, siteName: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: siteName,
    url: absolute(origin, '/'),
    subOrganization: venues.map((venue) => {
      const { '@context': _context, ...rest } = venueJsonLd(venue, origin);
      return rest;
    }),
  };
}
