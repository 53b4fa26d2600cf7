import type { AdminComment } from '@nocturne/contracts';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/card';
import { countOf } from '@/lib/format';
import { useVenueTime } from '@/lib/venue-time';

const linkButton =
  'rounded text-left font-semibold text-gold underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold';

interface CommentCardProps {
  comment: AdminComment;
  onAuthor: () => void;
  onPost: () => void;
  onRemove: () => void;
}

/** One comment as staff review it: who, where, when, what it earned, and Remove (or who removed it). */
export function CommentCard({ comment, onAuthor, onPost, onRemove }: CommentCardProps) {
  const venueTime = useVenueTime();
  const { author, post, removed } = comment;
  return (
    <li
      aria-label={`Comment by ${author.name}`}
      className={`grid gap-2 rounded-lg border p-4 ${removed ? 'border-red-400/30 bg-night-950/40' : 'border-white/10 bg-night-950/60'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <button type="button" className={linkButton} onClick={onAuthor} aria-label={`Show comments by ${author.name}`}>
            {author.name}
          </button>
          <p className="break-all text-xs text-white/75">
            {author.email} ·{' '}
            <Link
              to={`/admin/members/${author.id}`}
              className="rounded text-gold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-gold"
            >
              Member page<span className="sr-only"> of {author.name}</span>
            </Link>
          </p>
        </div>
        <time dateTime={comment.createdAt} className="text-xs text-white/75">
          {venueTime.dateTime(comment.createdAt)}
        </time>
      </div>
      <p className="text-sm text-white/80">
        On{' '}
        <button
          type="button"
          className={`${linkButton} break-words`}
          onClick={onPost}
          aria-label={`Show comments on ${post.title}`}
        >
          {post.title}
        </button>
      </p>
      <p className="whitespace-pre-line break-words text-white">
        {comment.content || <span className="italic text-white/70">Text erased with the member&apos;s account</span>}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {comment.pointsAwarded > 0 ? (
          <Badge tone="gold">Earned {countOf(comment.pointsAwarded, 'point')}</Badge>
        ) : (
          <Badge tone="muted">No points</Badge>
        )}
        {removed ? <Badge tone="red">Removed</Badge> : null}
      </div>
      {removed ? (
        <p className="text-xs text-white/80">
          {removed.by ? `Removed by ${removed.by.name}` : "Removed with the member's account"} ·{' '}
          <time dateTime={removed.at}>{venueTime.dateTime(removed.at)}</time>
          {comment.pointsAwarded > 0 ? ` · ${countOf(removed.pointsReversed, 'point')} taken back` : ''}
        </p>
      ) : (
        <div>
          <Button
            variant="outline"
            className="min-h-9 px-4 py-1.5"
            onClick={onRemove}
            aria-label={`Remove comment by ${author.name}`}
          >
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}
