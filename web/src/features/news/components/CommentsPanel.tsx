import { useId, useState, type FormEvent } from 'react';
import type { NewsPost } from '@nocturne/contracts';
import { offlineNeedsConnection } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { Card, ListNote } from '@/components/ui/card';
import { inputClass } from '@/components/ui/field';
import { Sheet } from '@/components/ui/sheet';
import { toast } from '@/components/ui/use-toast';
import { countOf } from '@/lib/format';
import { useVenueTime } from '@/lib/venue-time';
import { reasonOr, toastError } from '@/lib/notify';
import { useCommentRewards, useComments, usePostComment } from '../api/news';

function CommentForm({ postId }: { postId: string }) {
  const [content, setContent] = useState('');
  const post = usePostComment(postId);
  const rewards = useCommentRewards();
  // "+5 pts" only while tonight's limit still allows a reward (PRODUCT.md §9); unknown, it promises nothing.
  const earns = rewards.data && rewards.data.leftTonight > 0 ? rewards.data.pointsPerComment : 0;
  const fieldId = useId();
  const blank = content.trim() === '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blank || post.isPending) return;
    // With no signal, said at once; the draft stays for when the member is back online.
    if (!navigator.onLine) return toastError(offlineNeedsConnection('commenting'));
    post.mutate(content, {
      onSuccess: (answer) => {
        setContent('');
        // The nightly reward limit is the server's to judge; say plainly when this one earned nothing.
        toast(
          answer.pointsAwarded > 0
            ? { title: 'Comment posted!', description: `You earned ${countOf(answer.pointsAwarded, 'point')} for commenting.` }
            : {
                title: 'Comment posted!',
                description: "You've reached tonight's limit for comment rewards, so this comment earned no points.",
              },
        );
      },
      onError: (error) => toastError(reasonOr(error, 'Failed to post comment.')),
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-3" aria-label="Add a comment">
      <label htmlFor={fieldId} className="text-sm font-medium text-white/90">
        Your comment
      </label>
      <textarea
        id={fieldId}
        rows={3}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        placeholder="Share your thoughts..."
        maxLength={2000}
        className={inputClass}
      />
      <Button type="submit" disabled={blank || post.isPending}>
        {post.isPending ? 'Posting...' : earns > 0 ? `Post Comment (+${earns} pts)` : 'Post Comment'}
      </Button>
    </form>
  );
}

function CommentList({ postId }: { postId: string }) {
  const venueTime = useVenueTime();
  const comments = useComments(postId);
  if (comments.isPending) return <ListNote>Loading comments...</ListNote>;
  if (comments.isError) return <ListNote tone="error">Failed to fetch comments</ListNote>;
  const shown = comments.data.pages.flatMap((page) => page.comments);
  if (shown.length === 0) return <ListNote>No comments yet. Be the first!</ListNote>;
  return (
    <div className="grid gap-3">
      <ul aria-label="Comments" className="grid max-h-96 gap-3 overflow-y-auto pr-1">
        {shown.map((comment) => (
          <li key={comment.id} className="rounded-lg border border-white/10 bg-night-950/60 p-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2 text-xs text-white/75">
              <span className="font-semibold text-gold-light">{comment.author.firstName}</span>
              <time dateTime={comment.createdAt}>{venueTime.dateTime(comment.createdAt)}</time>
            </div>
            <p className="mt-1 whitespace-pre-line break-words text-sm text-white/90">{comment.content}</p>
          </li>
        ))}
      </ul>
      {/* Oldest first, a page at a time: the next page holds later comments, a member's new one among them. */}
      {comments.hasNextPage ? (
        <Button variant="outline" onClick={() => void comments.fetchNextPage()} disabled={comments.isFetchingNextPage}>
          {comments.isFetchingNextPage ? 'Loading...' : 'Show more comments'}
        </Button>
      ) : null}
    </div>
  );
}

/** On a phone: the selected post's comments in a sheet over the feed, the comment box first and focused. */
export function CommentsSheet({ post, onClose }: { post: NewsPost | null; onClose: () => void }) {
  return (
    <Sheet
      open={post !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Comments"
      description={post?.title}
    >
      {post ? (
        <div className="grid gap-5">
          <CommentForm key={post.id} postId={post.id} />
          <CommentList postId={post.id} />
        </div>
      ) : null}
    </Sheet>
  );
}

/** The side panel: the selected post's comments and the form that earns points (PRODUCT.md §2.5). */
export function CommentsPanel({ post }: { post: NewsPost | null }) {
  return (
    <Card title="Comments" description={post ? post.title : undefined} className="lg:sticky lg:top-4">
      {post ? (
        <div className="grid gap-5">
          {/* Keyed by post: switching posts starts a fresh, empty comment. */}
          <CommentForm key={post.id} postId={post.id} />
          <CommentList postId={post.id} />
        </div>
      ) : (
        <ListNote>Select a news post to view and add comments</ListNote>
      )}
    </Card>
  );
}
