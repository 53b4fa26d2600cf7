import type { ReactNode } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { directionsUrl, fullAddress, telHref, venue } from '@/config/venue';

const card = 'rounded-xl border border-white/10 bg-night-900/80 p-5';

/** The contact details; the form itself comes from the contact feature through `form`. */
export function ContactSection({ onBook, form }: { onBook: () => void; form: ReactNode }) {
  return (
    <section id="contact" tabIndex={-1} aria-labelledby="contact-title" className="scroll-mt-16 px-4 py-24 focus:outline-none">
      <div className="mx-auto max-w-6xl">
        <div className="text-center">
          <p className="text-xs font-semibold uppercase tracking-[0.4em] text-neon-light">Contact</p>
          <h2 id="contact-title" className="font-display mt-3 text-4xl text-gold sm:text-5xl">
            Find Us &amp; Get in Touch
          </h2>
        </div>
        <div className="mt-12 grid gap-8 lg:grid-cols-2">
          <div className="grid content-start gap-4">
            <div className={card}>
              <h3 className="font-semibold text-white">Address</h3>
              <address className="mt-1 not-italic text-white/85">{fullAddress()}</address>
              <div className="mt-4 flex flex-wrap gap-3">
                <a href={directionsUrl()} target="_blank" rel="noopener noreferrer" className={buttonClass('outline')}>
                  Get Directions<span className="sr-only"> (opens in a new tab)</span>
                </a>
                <Button variant="neon" onClick={onBook}>
                  Book Now
                </Button>
              </div>
            </div>
            <dl className={`${card} grid gap-3`}>
              {[
                ['Phone', venue.phone, telHref(venue.phone)],
                ['Shuttle Service', venue.shuttlePhone, telHref(venue.shuttlePhone)],
                ['Bookings', venue.bookingEmail, `mailto:${venue.bookingEmail}`],
              ].map(([label, text, href]) => (
                <div key={label}>
                  <dt className="text-sm text-white/75">{label}</dt>
                  <dd>
                    <a href={href} className="break-all text-gold underline-offset-4 hover:underline">
                      {text}
                    </a>
                  </dd>
                </div>
              ))}
            </dl>
            <div className={card}>
              <h3 className="font-semibold text-white">Opening Hours</h3>
              <dl className="mt-2 grid gap-1.5">
                {venue.openingHours.map((line) => (
                  <div key={line.days} className="flex flex-wrap justify-between gap-x-4">
                    <dt className="text-white/85">{line.days}</dt>
                    <dd className="text-gold-light">{line.hours}</dd>
                  </div>
                ))}
              </dl>
              <p className="mt-3 text-sm text-neon-light">{venue.openingNote}</p>
            </div>
          </div>
          <div className={card}>
            <h3 className="font-display mb-4 text-2xl text-white">Send Us a Message</h3>
            {form}
          </div>
        </div>
      </div>
    </section>
  );
}
