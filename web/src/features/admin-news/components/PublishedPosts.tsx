import { Button } from '@/components/ui/button';
import { Badge, ListNote } from '@/components/ui/card';
import { FeaturedMedia } from '@/components/ui/featured-media';
import { countOf, formatDate, humanise } from '@/lib/format';
import { usePublishedPosts } from '../api/admin-news';

/** SPEC 2's "Published Posts": a scrollable list with two-line previews and counts. */
export function PublishedPosts() {
  const feed = usePublishedPosts();
  const posts = feed.data?.pages.flatMap((page) => page.posts) ?? [];

  if (feed.isPending) return <ListNote>Loading posts...</ListNote>;
  if (feed.isError) return <ListNote tone="error">Failed to fetch news</ListNote>;
  if (posts.length === 0) return <ListNote>No posts published yet.</ListNote>;
  return (
    <div className="grid max-h-[36rem] gap-3 overflow-y-auto pr-1">
      <ul aria-label="Published posts" className="grid gap-3">
        {posts.map((post) => (
          <li key={post.id} className="flex gap-3 rounded-lg border border-white/10 bg-night-950/60 p-3">
            {post.featuredImageUrl ? (
              <FeaturedMedia objectPath={post.featuredImageUrl} className="h-16 w-16 shrink-0 rounded bg-black object-cover" />
            ) : null}
            <div className="min-w-0 flex-1">
              <h3 className="font-semibold text-white">{post.title}</h3>
              <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-white/75">
                <Badge tone="neon">{humanise(post.contentType)}</Badge>
                <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
                <span>{countOf(post.viewCount, 'view')}</span>
              </div>
              <p className="mt-2 line-clamp-2 text-sm text-white/80">{post.content}</p>
              <p className="mt-1 text-xs text-white/70">
                {countOf(post.likeCount, 'like')} · {countOf(post.commentCount, 'comment')}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {feed.hasNextPage ? (
        <Button variant="outline" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
          {feed.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}
