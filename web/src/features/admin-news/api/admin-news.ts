import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateNewsPostRequest, NewsPost } from '@nocturne/contracts';
import { api } from '@/lib/api-client';
import { newsFeedQueryOptions } from '@/lib/news-feed';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys } from '@/lib/query-keys';

/** SPEC 2's "Published Posts": the feed's pages, polled as the admin's screens are. */
export const usePublishedPosts = () => useInfiniteQuery({ ...newsFeedQueryOptions(), ...polling(POLL_MS.admin) });

export const createNewsPost = (payload: CreateNewsPostRequest) => api.post<NewsPost>('/api/admin/news', payload);

export function useCreateNewsPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNewsPost,
    // SPEC 4: creating a post reloads the list; the overview counts it.
    onSuccess: () => invalidate(queryClient, queryKeys.news, queryKeys.adminStats),
  });
}
