import type { AdminComment } from '@nocturne/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { countOf } from '@/lib/format';
import { reasonOr, toastError } from '@/lib/notify';
import { useRemoveComment } from '../api/admin-comments';
import { removalConsequence } from './comment-points';

const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** Asks before a comment is removed, saying how many points its author loses; Escape, Close or Cancel keep it. */
export function RemoveCommentDialog({ comment, onClose }: { comment: AdminComment | null; onClose: () => void }) {
  const remove = useRemoveComment();

  const confirm = () => {
    if (!comment || remove.isPending) return;
    remove.mutate(comment.id, {
      onSuccess: (answer) => {
        toast({
          title: 'Comment removed',
          description:
            answer.pointsReversed > 0
              ? `${comment.author.name} lost ${countOf(answer.pointsReversed, 'point')}.`
              : 'No points were taken back.',
        });
        onClose();
      },
      onError: (error) => toastError(reasonOr(error, 'Failed to remove comment.')),
    });
  };

  return (
    <ConfirmDialog
      open={comment !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Remove comment?"
      description={
        comment
          ? `"${excerpt(comment.content)}" by ${comment.author.name} on "${comment.post.title}" will be hidden from members.`
          : undefined
      }
      confirmLabel="Remove Comment"
      pendingLabel="Removing..."
      pending={remove.isPending}
      onConfirm={confirm}
    >
      {comment ? <p>{removalConsequence(comment)}</p> : null}
    </ConfirmDialog>
  );
}
