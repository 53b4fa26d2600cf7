import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { venue } from '@/config/venue';
import { useScrollToSection, type SectionId } from '../hooks/use-scroll-to-section';
import type { PolicyId } from './policies';

const PolicyDialog = lazy(() => import('./PolicyDialog').then((module) => ({ default: module.PolicyDialog })));

const link =
  'rounded text-white/80 underline-offset-4 hover:text-gold hover:underline focus-visible:outline-2 focus-visible:outline-gold';
const heading = 'text-sm font-semibold uppercase tracking-widest text-gold';

const quickLinks: { id: SectionId; label: string }[] = [
  { id: 'venue', label: 'Venue' },
  { id: 'performers', label: 'Performers' },
  { id: 'services', label: 'Services' },
];

// The services list leads somewhere useful instead of nowhere: the section that covers it.
const serviceLinks: { label: string; target: SectionId | 'booking' | 'whats-on' }[] = [
  { label: 'VIP Packages', target: 'services' },
  { label: 'Private Shows', target: 'services' },
  { label: 'Group Bookings', target: 'booking' },
  // What's on is its own page, served with its content by the api: a plain link, no app code.
  { label: 'Events', target: 'whats-on' },
];

export function Footer({ onGroupBooking }: { onGroupBooking: () => void }) {
  const scrollTo = useScrollToSection();
  const [policy, setPolicy] = useState<PolicyId | null>(null);
  const go = (target: SectionId | 'booking') => (event: MouseEvent) => {
    event.preventDefault();
    if (target === 'booking') onGroupBooking();
    else scrollTo(target);
  };

  return (
    <footer className="border-t border-gold/20 bg-night-950 px-4 pb-8 pt-14 text-sm">
      <div className="mx-auto grid max-w-6xl gap-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-display text-2xl tracking-[0.2em] text-gold">{venue.name.toUpperCase()}</p>
          <p className="mt-3 text-white/80">{venue.tagline}.</p>
        </div>
        <nav aria-label="Quick links">
          <h2 className={heading}>Quick Links</h2>
          <ul className="mt-3 grid gap-2">
            {quickLinks.map((item) => (
              <li key={item.id}>
                <a href={`#${item.id}`} onClick={go(item.id)} className={link}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Services">
          <h2 className={heading}>Services</h2>
          <ul className="mt-3 grid gap-2">
            {serviceLinks.map((item) => (
              <li key={item.label}>
                {item.target === 'whats-on' ? (
                  <a href="/whats-on" className={link}>
                    {item.label}
                  </a>
                ) : (
                  <a
                    href={item.target === 'booking' ? '#services' : `#${item.target}`}
                    onClick={go(item.target)}
                    className={link}
                  >
                    {item.label}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Social media">
          <h2 className={heading}>Follow Us</h2>
          <ul className="mt-3 grid gap-2">
            {venue.socials.map((social) => (
              <li key={social.name}>
                <a href={social.url} target="_blank" rel="noopener noreferrer" className={link}>
                  {social.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="mx-auto mt-12 flex max-w-6xl flex-col gap-4 border-t border-white/10 pt-6 text-white/75 sm:flex-row sm:items-center sm:justify-between">
        {/* Prerendered at build time: the year may have turned since. */}
        <p suppressHydrationWarning>
          © {new Date().getFullYear()} {venue.name}. Strictly {venue.minimumAge}+.
        </p>
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          {(['privacy', 'terms', 'age'] as const).map((id) => (
            <li key={id}>
              <button type="button" onClick={() => setPolicy(id)} className={`${link} min-h-6`}>
                {id === 'privacy' ? 'Privacy Policy' : id === 'terms' ? 'Terms of Service' : 'Age Verification'}
              </button>
            </li>
          ))}
        </ul>
      </div>
      {policy ? (
        <Suspense fallback={null}>
          <PolicyDialog policy={policy} onClose={() => setPolicy(null)} />
        </Suspense>
      ) : null}
    </footer>
  );
}
