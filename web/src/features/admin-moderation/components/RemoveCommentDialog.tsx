import type { AdminComment } from '@nocturne/contracts';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
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
    <Modal
      open={comment !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Remove comment?"
      description={
        comment
          ? `"${excerpt(comment.content)}" by ${comment.author.name} on "${comment.post.title}" will be hidden from members.`
          : undefined
      }
    >
      {comment ? <p className="mb-5 text-sm text-white/85">{removalConsequence(comment)}</p> : null}
      <div className="flex flex-wrap gap-3">
        <Button variant="neon" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? 'Removing...' : 'Remove Comment'}
        </Button>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
