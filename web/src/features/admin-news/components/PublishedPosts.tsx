import { useState, type ReactNode } from 'react';
import type { NewsPost } from '@nocturne/contracts';
import { Button } from '@/components/ui/button';
import { Badge, ListNote } from '@/components/ui/card';
import { FeaturedMedia } from '@/components/ui/featured-media';
import { countOf, humanise } from '@/lib/format';
import { useVenueTime } from '@/lib/venue-time';
import { usePublishedPosts } from '../api/admin-news';
import { DeletePostDialog } from './DeletePostDialog';
import { EditPostForm } from './EditPostForm';
import type { ImageUploadSlot } from './PostFields';

/**
 * "Published Posts" (PRODUCT.md §2.6): a scrollable list with two-line previews and counts, each post with
 * Edit (the post turns into its form, in place) and Delete (asks first).
 */
export function PublishedPosts({ imageUpload }: { imageUpload?: (slot: ImageUploadSlot) => ReactNode }) {
  const feed = usePublishedPosts();
  const posts = feed.data?.pages.flatMap((page) => page.posts) ?? [];
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<NewsPost | null>(null);

  if (feed.isPending) return <ListNote>Loading posts...</ListNote>;
  if (feed.isError) return <ListNote tone="error">Failed to fetch news</ListNote>;
  if (posts.length === 0) return <ListNote>No posts published yet.</ListNote>;
  return (
    <div className="grid max-h-[36rem] gap-3 overflow-y-auto pr-1">
      <ul aria-label="Published posts" className="grid gap-3">
        {posts.map((post) => (
          <li key={post.id} className="rounded-lg border border-white/10 bg-night-950/60 p-3">
            {editing === post.id ? (
              <EditPostForm post={post} imageUpload={imageUpload} onDone={() => setEditing(null)} />
            ) : (
              <PostSummary post={post} onEdit={() => setEditing(post.id)} onDelete={() => setDeleting(post)} />
            )}
          </li>
        ))}
      </ul>
      {feed.hasNextPage ? (
        <Button variant="outline" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
          {feed.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
      <DeletePostDialog post={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function PostSummary({ post, onEdit, onDelete }: { post: NewsPost; onEdit: () => void; onDelete: () => void }) {
  const venueTime = useVenueTime();
  return (
    <div className="flex gap-3">
      {post.featuredImageUrl ? (
        <FeaturedMedia objectPath={post.featuredImageUrl} className="h-16 w-16 shrink-0 rounded bg-black object-cover" />
      ) : null}
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-white">{post.title}</h3>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-white/75">
          <Badge tone="neon">{humanise(post.contentType)}</Badge>
          <time dateTime={post.createdAt}>{venueTime.day(post.createdAt)}</time>
          <span>{countOf(post.viewCount, 'view')}</span>
        </div>
        <p className="mt-2 line-clamp-2 text-sm text-white/80">{post.content}</p>
        <p className="mt-1 text-xs text-white/70">
          {countOf(post.likeCount, 'like')} · {countOf(post.commentCount, 'comment')}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button variant="outline" className="min-h-9 px-4 py-1.5" onClick={onEdit} aria-label={`Edit ${post.title}`}>
            Edit
          </Button>
          <Button variant="ghost" className="min-h-9 px-4 py-1.5" onClick={onDelete} aria-label={`Delete ${post.title}`}>
            Delete
          </Button>
        </div>
      </div>
    </div>
  );
}
