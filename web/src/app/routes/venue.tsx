import { useQuery } from '@tanstack/react-query';
import type { PublicVenueView } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageLoading } from '@/components/ui/page-loading';
import { BookingForm } from '@/features/booking/components/BookingForm';
import { api } from '@/lib/api-client';
import NotFoundRoute from './not-found';

/** The venue the api rendered this page for (JSON it never runs); null when the page is not the api's. */
function renderedVenue(): PublicVenueView | null {
  try {
    return JSON.parse(document.getElementById('venue-data')?.textContent ?? 'null') as PublicVenueView | null;
  } catch {
    return null;
  }
}

const card = 'rounded-xl border border-white/10 bg-night-900/80 p-5 sm:p-6';

/**
 * What the app adds to a venue's page (/venues/:slug): its booking form, which books into that
 * venue (its zone, hours, capacity and inbox). The api renders the venue itself above it (name,
 * address, hours, map, phone, JSON-LD) with the venue as data the form reads. (The landing page's
 * contact form, with its venue choice, is not repeated here: importing it into this page's code
 * split the landing page's own into more files, over its JavaScript budget.)
 */
function VenueForms({ venue, withHeading }: { venue: PublicVenueView; withHeading: boolean }) {
  const [booked, setBooked] = useState(false);
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-24 lg:grid-cols-2">
      {withHeading ? (
        <div className="lg:col-span-2">
          <title>{`${venue.name} · Nocturne`}</title>
          <h1 className="font-display text-4xl text-gold">{venue.name}</h1>
          <p className="mt-2 text-white/85">{[venue.address.street, venue.address.locality].filter(Boolean).join(', ')}</p>
        </div>
      ) : null}
      <section id="book" tabIndex={-1} aria-labelledby="book-title" className={`${card} scroll-mt-16 focus:outline-none`}>
        <h2 id="book-title" className="font-display mb-4 text-2xl text-white">
          Book at {venue.name}
        </h2>
        {booked ? (
          <p role="status" className="text-gold">
            Booking request sent! {venue.name} will contact you within 24 hours to confirm.
          </p>
        ) : (
          <BookingForm venue={venue} onBooked={() => setBooked(true)} />
        )}
      </section>
    </div>
  );
}

export default function VenueRoute() {
  const { slug = '' } = useParams();
  const rendered = renderedVenue();
  const onPage = rendered?.slug === slug ? rendered : null;
  // Opened without the api's page (an older service worker's shell): the venue is asked for.
  const list = useQuery({
    queryKey: ['venues', 'public'],
    queryFn: () => api.call(routes.listVenues),
    enabled: !onPage,
    staleTime: 60_000,
  });
  if (onPage) return <VenueForms venue={onPage} withHeading={false} />;
  if (list.isPending) return <PageLoading />;
  const found = list.data?.venues.find((venue) => venue.slug === slug);
  return found ? <VenueForms venue={found} withHeading /> : <NotFoundRoute />;
}
