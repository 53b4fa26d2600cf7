import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateNewsPostRequest, NewsContentType, NewsPost } from '@nocturne/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// The contract's NEWS_CONTENT_TYPES sit beside zod; listing them here keeps zod out of the bundle
// while `satisfies` keeps the two in step.
export const CONTENT_TYPES = ['announcement', 'event', 'exclusive_content', 'promotion'] as const satisfies readonly NewsContentType[];

export const createNewsPost = (payload: CreateNewsPostRequest) => api.post<NewsPost>('/api/admin/news', payload);

export function useCreateNewsPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNewsPost,
    // SPEC 4: creating a post reloads the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.news }),
  });
}
