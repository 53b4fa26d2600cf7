import { Link, useLocation } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';

export default function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-night-950 px-4 text-white">
      <title>Page Not Found · Nocturne</title>
      <meta name="robots" content="noindex" />
      <div className="w-full max-w-lg rounded-2xl border border-gold/25 bg-night-900 p-6 text-center sm:p-8">
        <p className="font-display text-6xl text-gold">404</p>
        <h1 className="font-display mt-2 text-3xl">Page Not Found</h1>
        <p className="mt-4 text-white/80">
          Did you forget to add the page to the router? No route matches{' '}
          <code className="break-all rounded bg-black/50 px-1.5 py-0.5 text-neon-light">{pathname}</code> in{' '}
          <code className="rounded bg-black/50 px-1.5 py-0.5 text-neon-light">web/src/app/router.tsx</code>.
        </p>
        <Link to="/" className={buttonClass('gold', 'mt-6')}>
          Back to Home
        </Link>
      </div>
    </main>
  );
}
