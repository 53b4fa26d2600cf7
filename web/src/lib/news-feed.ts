import { infiniteQueryOptions } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from './api-client';
import { queryKeys } from './query-keys';

// The feed is read by the member's news tab and the admin's published posts: one definition for
// the one key, so both screens agree on the pages they cache.
const NEWS_PAGE_SIZE = 20;

const getNewsPage = (cursor: string | null) =>
  api.call(routes.listNews, { query: { limit: NEWS_PAGE_SIZE, cursor: cursor ?? undefined } });

/** Newest first, one page at a time ("Load more" asks for the next cursor). */
export const newsFeedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.news,
    queryFn: ({ pageParam }) => getNewsPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
