import type { EventNight } from '@nocturne/contracts';
import { absolute } from '#infrastructure/web/rendered-pages.js';
import type { VenueRecord } from '#modules/venues/venues.public.js';

/**
 * A night as schema.org's `Event` (https://schema.org/Event, and what search engines read of it):
 * start and end with the venue's offset that night, the venue as a Place with its PostalAddress,
 * the line-up as performers, the door price as an Offer, the venue as organizer.
 */
export function eventJsonLd(night: EventNight, venue: VenueRecord, origin: string, fallbackImage: string) {
  const url = absolute(origin, night.url);
  const address = venue.address;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: night.title,
    description: night.description || `${night.title} at ${venue.name}: doors ${night.doorsOpen}, last entry ${night.lastEntry}.`,
    startDate: night.startsAt,
    endDate: night.endsAt,
    doorTime: night.startsAt,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    url,
    image: [absolute(origin, night.posterUrl ?? fallbackImage)],
    location: {
      '@type': venue.kind,
      name: venue.name,
      address: {
        '@type': 'PostalAddress',
        streetAddress: address.street,
        addressLocality: address.locality,
        addressRegion: address.region,
        postalCode: address.postalCode,
        addressCountry: address.country,
      },
      ...(venue.location ? { geo: { '@type': 'GeoCoordinates', ...venue.location } } : {}),
    },
    performer: night.lineUp.map((name) => ({ '@type': 'PerformingGroup', name })),
    offers: {
      '@type': 'Offer',
      price: (night.priceCents / 100).toFixed(2),
      priceCurrency: night.currency,
      availability: 'https://schema.org/InStock',
      url,
    },
    organizer: { '@type': 'Organization', name: venue.name, url: absolute(origin, '/') },
    typicalAgeRange: night.agePolicy.match(/(\d+)\s*\+/)?.[1] ? `${night.agePolicy.match(/(\d+)\s*\+/)![1]}-` : undefined,
  };
}
