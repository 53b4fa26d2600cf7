import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { NewsComment, NewsLikeResponse, NewsListResponse, PostCommentResponse } from '@nocturne/contracts';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { queryKeys } from '@/lib/query-keys';

const NEWS_PAGE_SIZE = 20;

export const getNewsPage = (cursor: string | null) =>
  api.get<NewsListResponse>(`/api/news?limit=${NEWS_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);

/** The feed, newest first, one page at a time ("Load more" asks for the next cursor). */
export const useNewsFeed = () =>
  useInfiniteQuery({
    queryKey: queryKeys.news,
    queryFn: ({ pageParam }) => getNewsPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    ...polling(POLL_MS.feed),
  });

export const getComments = (postId: string) => api.get<NewsComment[]>(`/api/news/${postId}/comments`);

/** SPEC 7: comments are fetched only while a post is selected. */
export const useComments = (postId: string | null) =>
  useQuery({
    queryKey: queryKeys.comments(postId ?? ''),
    queryFn: () => getComments(postId ?? ''),
    enabled: postId !== null,
    ...polling(POLL_MS.comments),
  });

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

export function usePostComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api.post<PostCommentResponse>(`/api/news/${postId}/comments`, { content }),
    onSuccess: () => {
      // SPEC 4: comments and point history refresh; the header's points and the post's count too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.comments(postId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.pointsHistory });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      queryClient.setQueryData<Feed>(queryKeys.news, (feed) => {
        const post = feed?.pages.flatMap((page) => page.posts).find((item) => item.id === postId);
        return post ? patchPost(feed, postId, { commentCount: post.commentCount + 1 }) : feed;
      });
    },
  });
}

/** PUT likes, DELETE unlikes; both are idempotent, so a double click cannot count twice. */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, like }: { postId: string; like: boolean }) =>
      like ? api.put<NewsLikeResponse>(`/api/news/${postId}/like`) : api.delete<NewsLikeResponse>(`/api/news/${postId}/like`),
    onSuccess: (answer) =>
      queryClient.setQueryData<Feed>(queryKeys.news, (feed) =>
        patchPost(feed, answer.postId, { likeCount: answer.likeCount, likedByMe: answer.likedByMe }),
      ),
  });
}
