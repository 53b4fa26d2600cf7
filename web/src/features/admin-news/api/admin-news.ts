import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateNewsPostRequest, DeleteNewsPostResponse, NewsPost, UpdateNewsPostRequest } from '@nocturne/contracts';
import { api } from '@/lib/api-client';
import { newsFeedQueryOptions } from '@/lib/news-feed';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys } from '@/lib/query-keys';

/** SPEC 2's "Published Posts": the feed's pages, polled as the admin's screens are. */
export const usePublishedPosts = () => useInfiniteQuery({ ...newsFeedQueryOptions(), ...polling(POLL_MS.admin) });

export const createNewsPost = (payload: CreateNewsPostRequest) => api.post<NewsPost>('/api/admin/news', payload);

export const updateNewsPost = ({ id, changes }: { id: string; changes: UpdateNewsPostRequest }) =>
  api.patch<NewsPost>(`/api/admin/news/${id}`, changes);

export const deleteNewsPost = (id: string) => api.delete<DeleteNewsPostResponse>(`/api/admin/news/${id}`);

/**
 * A post change moves the feed (members' and the admin's list read the same pages, and a post's
 * comments sit under the same key) and the overview's post count.
 */
const afterPostChange = (queryClient: ReturnType<typeof useQueryClient>) => () =>
  invalidate(queryClient, queryKeys.news, queryKeys.adminStats);

export function useCreateNewsPost() {
  const queryClient = useQueryClient();
  // SPEC 4: creating a post reloads the list; the overview counts it.
  return useMutation({ mutationFn: createNewsPost, onSuccess: afterPostChange(queryClient) });
}

export function useUpdateNewsPost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateNewsPost, onSuccess: afterPostChange(queryClient) });
}

export function useDeleteNewsPost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteNewsPost, onSuccess: afterPostChange(queryClient) });
}
