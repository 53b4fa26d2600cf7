import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { NewsListResponse } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { newsFeedQueryOptions } from '@/lib/news-feed';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys } from '@/lib/query-keys';

/** The feed, newest first, one page at a time ("Load more" asks for the next cursor). */
export const useNewsFeed = () => useInfiniteQuery({ ...newsFeedQueryOptions(), ...polling(POLL_MS.feed) });

/** Comments per page: a popular post holds tens of thousands; the api answers at most 100 at once. */
const COMMENTS_PAGE_SIZE = 50;

const getComments = (postId: string, cursor: string | null) =>
  api.call(routes.listPostComments, {
    params: { id: postId },
    query: { limit: COMMENTS_PAGE_SIZE, cursor: cursor ?? undefined },
  });

/** A post's comments oldest first, one page at a time ("Show more comments" asks for the next cursor). */
const commentsQueryOptions = (postId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.comments(postId),
    queryFn: ({ pageParam }) => getComments(postId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** A post's comments are fetched only while it is selected; a poll refetches the pages shown. */
export const useComments = (postId: string | null) =>
  useInfiniteQuery({ ...commentsQueryOptions(postId ?? ''), enabled: postId !== null, ...polling(POLL_MS.comments) });

/** What the member's next comment earns tonight (the api counts the night in venue time). */
const commentRewardsKey = queryKeys.commentRewards;
export const commentRewardsQueryOptions = () =>
  queryOptions({ queryKey: commentRewardsKey, queryFn: () => api.call(routes.getCommentRewards) });
export const useCommentRewards = () => useQuery(commentRewardsQueryOptions());

type Feed = InfiniteData<NewsListResponse, string | null>;

/** Puts fresh counts of one post into the cached feed, without refetching every page. */
function patchPost(feed: Feed | undefined, postId: string, patch: Partial<NewsListResponse['posts'][number]>) {
  if (!feed) return feed;
  return {
    ...feed,
    pages: feed.pages.map((page) => ({
      ...page,
      posts: page.posts.map((post) => (post.id === postId ? { ...post, ...patch } : post)),
    })),
  };
}

const postComment = (postId: string, content: string) =>
  api.call(routes.postComment, { params: { id: postId }, body: { content } });

export function usePostComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => postComment(postId, content),
    onSuccess: () => {
      // Comments and point history refresh; the header's points and the post's count too.
      void invalidate(queryClient, queryKeys.comments(postId), queryKeys.pointsHistory, queryKeys.me, commentRewardsKey);
      queryClient.setQueryData<Feed>(queryKeys.news, (feed) => {
        const post = feed?.pages.flatMap((page) => page.posts).find((item) => item.id === postId);
        return post ? patchPost(feed, postId, { commentCount: post.commentCount + 1 }) : feed;
      });
    },
  });
}

/** PUT likes, DELETE unlikes; both are idempotent, so a double click cannot count twice. */
const setLike = ({ postId, like }: { postId: string; like: boolean }) =>
  like ? api.call(routes.likePost, { params: { id: postId } }) : api.call(routes.unlikePost, { params: { id: postId } });

export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLike,
    onSuccess: (answer) =>
      queryClient.setQueryData<Feed>(queryKeys.news, (feed) =>
        patchPost(feed, answer.postId, { likeCount: answer.likeCount, likedByMe: answer.likedByMe }),
      ),
  });
}
