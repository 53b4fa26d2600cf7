import { QueryClient } from '@tanstack/react-query';

// No retry (a 401 fails at once); mutations invalidate what they change (PRODUCT.md §7).
// Queries that poll say so themselves (lib/polling.ts: interval, focus, reconnect); everything
// else keeps its data until invalidated.
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      // A change needs the server: offline it fails at once and says so, rather than waiting unseen.
      mutations: { retry: false, networkMode: 'always' },
    },
  });

let shared: QueryClient | undefined;

/** The app's one client, made on first use: its cache lasts while the visitor moves between screens. */
export const appQueryClient = (): QueryClient => (shared ??= createQueryClient());
