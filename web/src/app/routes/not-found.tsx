import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';

export default function NotFoundRoute() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-night-950 px-4 text-white">
      <title>Page Not Found · Nocturne</title>
      <meta name="robots" content="noindex" />
      <div className="w-full max-w-lg rounded-2xl border border-gold/25 bg-night-900 p-6 text-center sm:p-8">
        <p className="font-display text-6xl text-gold">404</p>
        <h1 className="font-display mt-2 text-3xl">Page Not Found</h1>
        <p className="mt-4 text-white/80">
          We couldn&apos;t find that page. It may have moved, or the link may be mistyped. Head back to the home page for
          what&apos;s on, bookings and the members club.
        </p>
        <Link to="/" className={buttonClass('gold', 'mt-6')}>
          Back to Home
        </Link>
      </div>
    </main>
  );
}
