import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { offlineNeedsConnection } from '@nocturne/domain';
import { Card, ListNote } from '@/components/ui/card';
import { OfflineNote } from '@/components/ui/offline-note';
import { toastError } from '@/lib/notify';
import { useMediaQuery } from '@/lib/use-media-query';
import { useNewsFeed, useToggleLike } from '../api/news';
import { CommentsPanel, CommentsSheet } from './CommentsPanel';
import { NewsPostCard } from './NewsPostCard';

/** Tailwind's `lg`: from here the comments sit beside the feed; below it they open in a sheet. */
const SIDE_BY_SIDE = '(min-width: 1024px)';

/**
 * The News Feed tab (PRODUCT.md §2.5): "Latest News" beside the selected post's comments (in a sheet
 * on a phone), under `banner` (tonight's promotion badge, which the members area passes). With no signal it shows the pages saved on the device under "Offline: updated HH:MM".
 */
export function NewsFeedTab({ banner }: { banner?: ReactNode } = {}) {
  const sideBySide = useMediaQuery(SIDE_BY_SIDE, true);
  const feed = useNewsFeed();
  const like = useToggleLike();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const posts = feed.data?.pages.flatMap((page) => page.posts) ?? [];
  const selected = posts.find((post) => post.id === selectedId) ?? null;

  const onToggleLike = (postId: string, likedByMe: boolean) => {
    if (!navigator.onLine) return toastError(offlineNeedsConnection('liking'));
    like.mutate({ postId, like: !likedByMe }, { onError: () => toastError('Failed to update like.') });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card title="Latest News">
        {banner}
        <OfflineNote answers={[feed]} />
        {feed.data === undefined ? (
          feed.isError ? (
            <ListNote tone="error">Failed to fetch news</ListNote>
          ) : (
            <ListNote>Loading news...</ListNote>
          )
        ) : posts.length === 0 ? (
          <ListNote>No news yet. Check back soon!</ListNote>
        ) : (
          <div className="grid gap-4">
            {posts.map((post) => (
              <NewsPostCard
                key={post.id}
                post={post}
                selected={post.id === selectedId}
                onSelect={() => setSelectedId(post.id)}
                likePending={like.isPending && like.variables?.postId === post.id}
                onToggleLike={() => onToggleLike(post.id, post.likedByMe)}
              />
            ))}
            {feed.hasNextPage ? (
              <Button variant="outline" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
                {feed.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            ) : null}
          </div>
        )}
      </Card>
      {sideBySide ? <CommentsPanel post={selected} /> : <CommentsSheet post={selected} onClose={() => setSelectedId(null)} />}
    </div>
  );
}
