import { QueryClient } from '@tanstack/react-query';

// SPEC 7's fetch defaults: no retry (a 401 fails at once), no refetch on focus or interval,
// data never goes stale on its own; mutations invalidate what they change.
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
