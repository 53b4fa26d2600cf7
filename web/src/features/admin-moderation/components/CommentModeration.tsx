import type { AdminComment, CommentVisibility } from '@nocturne/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, ListNote } from '@/components/ui/card';
import { useAdminComments } from '../api/admin-comments';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { CommentCard } from './CommentCard';
import { CommentFilters, type Picked } from './CommentFilters';
import { RemoveCommentDialog } from './RemoveCommentDialog';

const SEARCH_PAUSE_MS = 300;

/**
 * Moderation screen: every post's comments newest first, filtered by post, member
 * (click an author) and status, searched; Remove asks first and says what the member loses.
 */
export function CommentModeration() {
  const [search, setSearch] = useState('');
  const [post, setPost] = useState<Picked | null>(null);
  const [member, setMember] = useState<Picked | null>(null);
  const [status, setStatus] = useState<CommentVisibility>('visible');
  const [removing, setRemoving] = useState<AdminComment | null>(null);
  const query = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  const filtered = query !== '' || post !== null || member !== null;

  const comments = useAdminComments({ postId: post?.id ?? null, memberId: member?.id ?? null, search: query, status });
  const items = comments.data?.pages.flatMap((page) => page.comments) ?? [];

  return (
    <Card title="Comment Moderation" description="Newest first. Removing a comment takes back the points it earned.">
      <CommentFilters
        search={search}
        onSearch={setSearch}
        post={post}
        onPost={setPost}
        member={member}
        onMember={setMember}
        status={status}
        onStatus={setStatus}
      />
      {comments.isPending ? (
        <ListNote>Loading comments...</ListNote>
      ) : comments.isError && items.length === 0 ? (
        <div className="grid justify-items-center">
          <ListNote tone="error">Failed to fetch comments</ListNote>
          <Button variant="outline" onClick={() => void comments.refetch()}>
            Try Again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <ListNote>{filtered || status !== 'visible' ? 'No comments match these filters.' : 'No comments yet.'}</ListNote>
      ) : (
        <ul aria-label="Comments" aria-busy={comments.isPlaceholderData} className="grid gap-3">
          {items.map((comment) => (
            <CommentCard
              key={comment.id}
              comment={comment}
              onAuthor={() => setMember({ id: comment.author.id, label: comment.author.name })}
              onPost={() => setPost({ id: comment.post.id, label: comment.post.title })}
              onRemove={() => setRemoving(comment)}
            />
          ))}
        </ul>
      )}
      {comments.hasNextPage ? (
        <Button
          variant="outline"
          className="mt-4"
          onClick={() => void comments.fetchNextPage()}
          disabled={comments.isFetchingNextPage}
        >
          {comments.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
      <RemoveCommentDialog comment={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}
