import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { telHref, venue } from '@/config/venue';

/** The frame around the sign-in and password-reset screens. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-night-950 bg-[radial-gradient(ellipse_at_top,rgba(109,15,140,0.45),transparent_60%),radial-gradient(ellipse_at_bottom,rgba(212,175,55,0.12),transparent_55%)] px-4 py-6 text-white">
      <div className="mx-auto w-full max-w-md">
        <Link to="/" className={buttonClass('ghost', '-ml-3 px-3 normal-case tracking-normal')}>
          <span aria-hidden="true">←</span> Back to Site
        </Link>
        <main className="mt-6 rounded-2xl border border-gold/25 bg-night-900/90 p-5 shadow-[0_0_60px_rgba(255,45,149,0.18)] sm:p-8">
          <p className="font-display text-center text-sm uppercase tracking-[0.35em] text-neon-light">{venue.name}</p>
          <h1 className="font-display mt-2 text-center text-3xl text-gold">{title}</h1>
          <p className="mt-2 text-center text-sm text-white/80">{subtitle}</p>
          <div className="mt-6">{children}</div>
        </main>
        <p className="mt-6 text-center text-sm text-white/80">
          Need help accessing your account? Call us on{' '}
          <a href={telHref(venue.phone)} className="whitespace-nowrap text-gold underline-offset-4 hover:underline">
            {venue.phone}
          </a>
          .
        </p>
      </div>
    </div>
  );
}
