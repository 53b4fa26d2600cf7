import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { isFirstSignIn } from '@/lib/session';
import { useLogout } from '../hooks/use-logout';

/** The top bar of the members area and the admin dashboard. */
export function AreaHeader({
  title,
  firstName,
  badge,
  aside,
}: {
  title: string;
  firstName: string;
  badge?: ReactNode;
  aside?: ReactNode;
}) {
  const logout = useLogout();
  const greeting = isFirstSignIn() ? 'Welcome' : 'Welcome back';
  return (
    <header className="border-b border-gold/20 bg-night-900/90">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="font-display text-3xl text-gold">{title}</h1>
            {badge}
          </div>
          <p className="mt-1 text-sm text-white/80">
            {greeting}, {firstName}!
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {aside}
          <Button variant="outline" onClick={logout}>
            Logout
          </Button>
        </div>
      </div>
    </header>
  );
}
