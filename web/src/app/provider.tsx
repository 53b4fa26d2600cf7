import type { ReactNode } from 'react';
import { DeferredToaster } from '@/components/ui/deferred-toaster';

/**
 * What every page has. The query client is not here: the screens that fetch get it from their
 * layout (routes/with-queries.tsx), so the landing page loads no query library.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <DeferredToaster />
    </>
  );
}
