import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateNewsPostRequest, UpdateNewsPostRequest } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { newsFeedQueryOptions } from '@/lib/news-feed';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys } from '@/lib/query-keys';

/** The News tab's "Published Posts": the feed's pages, polled as the admin's screens are. */
export const usePublishedPosts = () => useInfiniteQuery({ ...newsFeedQueryOptions(), ...polling(POLL_MS.admin) });

/** The venues are named only in a group of several (none: the whole group's). */
const createNewsPost = (payload: Omit<CreateNewsPostRequest, 'venueIds'> & { venueIds?: number[] }) =>
  api.call(routes.createNewsPost, { body: payload });

const updateNewsPost = ({ id, changes }: { id: string; changes: UpdateNewsPostRequest }) =>
  api.call(routes.updateNewsPost, { params: { id }, body: changes });

const deleteNewsPost = (id: string) => api.call(routes.deleteNewsPost, { params: { id } });

/**
 * A post change moves the feed (members' and the admin's list read the same pages, and a post's
 * comments sit under the same key) and the overview's post count.
 */
const afterPostChange = (queryClient: ReturnType<typeof useQueryClient>) => () =>
  invalidate(queryClient, queryKeys.news, queryKeys.adminStats);

export function useCreateNewsPost() {
  const queryClient = useQueryClient();
  // Creating a post reloads the list; the overview counts it.
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
