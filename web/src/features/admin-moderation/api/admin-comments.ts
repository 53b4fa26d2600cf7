import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CommentVisibility } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys } from '@/lib/query-keys';

const PAGE_SIZE = 25;
/** How many of the newest posts the post filter offers (a comment's post title filters by any post). */
const POST_CHOICES = 100;

// Under the feed's key: a post edited or deleted (its title, its comments gone) refreshes the
// moderation list and the post choices with the feed.
export const adminCommentsKey = [...queryKeys.news, 'moderation'] as const;
const postChoicesKey = [...queryKeys.news, 'moderation-choices'] as const;

export interface CommentFilter {
  postId: string | null;
  memberId: string | null;
  search: string;
  status: CommentVisibility;
}

export const NO_FILTER: CommentFilter = { postId: null, memberId: null, search: '', status: 'visible' };

const getAdminComments = (filter: CommentFilter, cursor: string | null) =>
  api.call(routes.listAdminComments, {
    query: {
      limit: PAGE_SIZE,
      status: filter.status,
      postId: filter.postId ?? undefined,
      memberId: filter.memberId ?? undefined,
      q: filter.search,
      cursor: cursor ?? undefined,
    },
  });

/** Every post's comments newest first, filtered; "Load more" asks for the next cursor. */
const adminCommentsQueryOptions = (filter: CommentFilter) =>
  infiniteQueryOptions({
    queryKey: [...adminCommentsKey, filter] as const,
    queryFn: ({ pageParam }) => getAdminComments(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useAdminComments = (filter: CommentFilter) =>
  useInfiniteQuery({
    ...adminCommentsQueryOptions(filter),
    // The list keeps its cards while a new filter or search loads.
    placeholderData: keepPreviousData,
    ...polling(POLL_MS.admin),
  });

/** The newest posts, for the post filter. */
const postChoicesQueryOptions = () =>
  queryOptions({
    queryKey: postChoicesKey,
    queryFn: async () => (await api.call(routes.listNews, { query: { limit: POST_CHOICES } })).posts,
  });

export const usePostChoices = () => useQuery({ ...postChoicesQueryOptions(), ...polling(POLL_MS.admin) });

const removeComment = (commentId: string) => api.call(routes.removeComment, { params: { id: commentId } });

/**
 * A removal changes this list, the post's comment count (the feed and its comments), the
 * member's points and tier (the members table and a member's view, all under adminUsers) and the
 * overview's figures.
 */
export function useRemoveComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeComment,
    onSuccess: () =>
      invalidate(
        queryClient,
        adminCommentsKey,
        queryKeys.news,
        queryKeys.adminUsers,
        queryKeys.adminMembers,
        queryKeys.adminStats,
      ),
  });
}
