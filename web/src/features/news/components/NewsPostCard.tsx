import type { NewsPost } from '@nocturne/contracts';
import { namesInWords } from '@nocturne/domain';
import { Badge } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { FeaturedMedia } from '@/components/ui/featured-media';
import { countOf, humanise } from '@/lib/format';
import { useVenueTime } from '@/lib/venue-time';

/** One post of the feed: badge, date, title, content, counts and View & Comment (PRODUCT.md §2.5). */
export function NewsPostCard({
  post,
  selected,
  onSelect,
  onToggleLike,
  likePending,
}: {
  post: NewsPost;
  selected: boolean;
  onSelect: () => void;
  onToggleLike: () => void;
  likePending: boolean;
}) {
  const venueTime = useVenueTime();
  return (
    <article
      aria-labelledby={`post-${post.id}`}
      className={`overflow-hidden rounded-xl border bg-night-950/60 ${selected ? 'border-gold' : 'border-white/10'}`}
    >
      {post.featuredImageUrl ? (
        <FeaturedMedia objectPath={post.featuredImageUrl} className="aspect-[16/9] w-full bg-black object-cover" />
      ) : null}
      <div className="grid gap-3 p-4">
        <div className="flex flex-wrap items-center gap-3 text-xs text-white/75">
          <Badge tone="neon">{humanise(post.contentType)}</Badge>
          <time dateTime={post.createdAt}>{venueTime.day(post.createdAt)}</time>
          {post.venues ? <span>{namesInWords(post.venues)}</span> : null}
        </div>
        <h3 id={`post-${post.id}`} className="text-xl font-semibold text-white">
          {post.title}
        </h3>
        <p className="whitespace-pre-line text-sm text-white/85">{post.content}</p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-4 text-sm text-white/80">
            <button
              type="button"
              aria-pressed={post.likedByMe}
              onClick={onToggleLike}
              disabled={likePending}
              className={`inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 hover:text-neon-light focus-visible:outline-2 focus-visible:outline-gold ${
                post.likedByMe ? 'text-neon-light' : ''
              }`}
            >
              {/* Named from its content, "Like, 2 likes", so the name holds the count people see
                  (WCAG 2.5.3 Label in Name, axe label-content-name-mismatch). */}
              <span aria-hidden="true">{post.likedByMe ? '♥' : '♡'}</span>
              <span className="sr-only">{post.likedByMe ? 'Unlike, ' : 'Like, '}</span>
              <span data-testid="like-count">{post.likeCount}</span>
              <span className="sr-only">{post.likeCount === 1 ? ' like' : ' likes'}</span>
            </button>
            <span data-testid="comment-count">{countOf(post.commentCount, 'comment')}</span>
          </div>
          <Button variant={selected ? 'gold' : 'outline'} onClick={onSelect} aria-pressed={selected}>
            View &amp; Comment
          </Button>
        </div>
      </div>
    </article>
  );
}
