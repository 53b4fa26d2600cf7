import type { NewsPost } from '@nocturne/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { countOf } from '@/lib/format';
import { reasonOr, toastError } from '@/lib/notify';
import { useDeleteNewsPost } from '../api/admin-news';

/** Asks before a post is deleted for good; Escape, the close button or Cancel keep it. */
export function DeletePostDialog({ post, onClose }: { post: NewsPost | null; onClose: () => void }) {
  const remove = useDeleteNewsPost();

  const confirm = () => {
    if (!post || remove.isPending) return;
    remove.mutate(post.id, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'News post deleted successfully.' });
        onClose();
      },
      onError: (error) => toastError(reasonOr(error, 'Failed to delete news post.')),
    });
  };

  return (
    <ConfirmDialog
      open={post !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete post?"
      description={
        post
          ? `"${post.title}" will be removed for everyone, with its ${countOf(post.commentCount, 'comment')} and ${countOf(post.likeCount, 'like')}. ` +
            'Members keep the points their comments earned.'
          : undefined
      }
      confirmLabel="Delete Post"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
