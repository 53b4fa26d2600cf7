import { QueryClient } from '@tanstack/react-query';

// SPEC 7's fetch defaults: no retry (a 401 fails at once); mutations invalidate what they change.
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
