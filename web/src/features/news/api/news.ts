import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { NewsComment, NewsLikeResponse, NewsListResponse, PostCommentResponse } from '@nocturne/contracts';
import { api } from '@/lib/api-client';
import { newsFeedQueryOptions } from '@/lib/news-feed';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys } from '@/lib/query-keys';

/** The feed, newest first, one page at a time ("Load more" asks for the next cursor). */
export const useNewsFeed = () => useInfiniteQuery({ ...newsFeedQueryOptions(), ...polling(POLL_MS.feed) });

export const getComments = (postId: string) => api.get<NewsComment[]>(`/api/news/${postId}/comments`);

export const commentsQueryOptions = (postId: string) =>
  queryOptions({ queryKey: queryKeys.comments(postId), queryFn: () => getComments(postId) });

/** SPEC 7: comments are fetched only while a post is selected. */
export const useComments = (postId: string | null) =>
  useQuery({ ...commentsQueryOptions(postId ?? ''), enabled: postId !== null, ...polling(POLL_MS.comments) });

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

export const postComment = (postId: string, content: string) =>
  api.post<PostCommentResponse>(`/api/news/${postId}/comments`, { content });

export function usePostComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => postComment(postId, content),
    onSuccess: () => {
      // SPEC 4: comments and point history refresh; the header's points and the post's count too.
      void invalidate(queryClient, queryKeys.comments(postId), queryKeys.pointsHistory, queryKeys.me);
      queryClient.setQueryData<Feed>(queryKeys.news, (feed) => {
        const post = feed?.pages.flatMap((page) => page.posts).find((item) => item.id === postId);
        return post ? patchPost(feed, postId, { commentCount: post.commentCount + 1 }) : feed;
      });
    },
  });
}

/** PUT likes, DELETE unlikes; both are idempotent, so a double click cannot count twice. */
export const setLike = ({ postId, like }: { postId: string; like: boolean }) =>
  like ? api.put<NewsLikeResponse>(`/api/news/${postId}/like`) : api.delete<NewsLikeResponse>(`/api/news/${postId}/like`);

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
