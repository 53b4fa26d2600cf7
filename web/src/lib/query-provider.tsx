import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { appQueryClient } from './query-client';

/**
 * Gives what it wraps the app's query client, unless a client is provided already (a test's).
 * The query library loads with the screens that use it (lazy routes, the booking dialog), not
 * with the landing page: so this sits around them, not around the whole app.
 */
export function AppQueryProvider({ children }: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  if (provided) return children;
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
