import type { PublicVenueView } from '@nocturne/contracts';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import type { BookingService } from '@/features/booking/components/booking-options';
import { ContactForm } from '@/features/contact/components/ContactForm';
import { ContactSection } from '@/features/landing/components/ContactSection';
import { Footer } from '@/features/landing/components/Footer';
import { Hero } from '@/features/landing/components/Hero';
import { Navbar } from '@/features/landing/components/Navbar';
import { PerformersSection } from '@/features/landing/components/PerformersSection';
import { ServicesSection } from '@/features/landing/components/ServicesSection';
import { SocialSection } from '@/features/landing/components/SocialSection';
import { VenueSection } from '@/features/landing/components/VenueSection';
import { WhyChooseUs } from '@/features/landing/components/WhyChooseUs';

// The booking form and Radix Dialog load on the first "Book" click, not with the page.
const BookingDialog = lazy(() =>
  import('@/features/booking/components/BookingDialog').then((module) => ({ default: module.BookingDialog })),
);

/** The landing page: the landing sections, with the booking and contact features plugged in. */
export function LandingRoute() {
  const [booking, setBooking] = useState<{ open: boolean; service?: BookingService; used?: boolean }>({
    open: false,
  });
  const openBooking = (service?: BookingService) => () => setBooking({ open: true, service, used: true });
  // A group's venues, which the api writes into its landing page: their list and the forms' venue
  // choice load only then, once hydrated (the prerendered page has none). A single venue's page
  // stays as it was.
  const [group, setGroup] = useState<{ venues: PublicVenueView[]; List: ComponentType<{ venues: PublicVenueView[] }> }>();
  useEffect(() => {
    if (document.getElementById('venue-group'))
      void import('@/features/landing/components/VenueGroupSection').then((module) =>
        setGroup({ venues: module.readVenueGroup(), List: module.VenueGroupSection }),
      );
  }, []);
  const venues = group?.venues ?? [];

  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-gold px-4 py-2 text-night-950 focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main">
        <Hero onBook={openBooking()} />
        {group && venues.length > 0 ? <group.List venues={venues} /> : null}
        <VenueSection onGroupBooking={openBooking('group-booking')} />
        <PerformersSection />
        <ServicesSection onBook={openBooking()} />
        <WhyChooseUs />
        <SocialSection />
        <ContactSection onBook={openBooking()} form={<ContactForm venues={venues} />} />
      </main>
      <Footer onGroupBooking={openBooking('group-booking')} />
      {booking.used ? (
        <Suspense fallback={null}>
          <BookingDialog
            // A fresh form each time it opens, with the service the visitor chose.
            key={booking.open ? `open-${booking.service ?? 'default'}` : 'closed'}
            open={booking.open}
            onOpenChange={(open) => setBooking((current) => ({ ...current, open }))}
            initialService={booking.service}
            venues={venues}
          />
        </Suspense>
      ) : null}
    </>
  );
}
