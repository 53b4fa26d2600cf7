import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { toastError } from '@/lib/notify';
import { useSyncContact } from '../api/admin-users';

/**
 * The per-member "Sync to AC", with its toasts (PRODUCT.md §8). `acOff` (ActiveCampaign not configured)
 * disables it; `describedBy` names the line that says why.
 */
export function SyncContactButton({
  member,
  acOff,
  describedBy,
  label = 'Sync to AC',
}: {
  member: { id: string; email: string };
  acOff: boolean;
  describedBy?: string;
  label?: string;
}) {
  const sync = useSyncContact();
  const onSync = () =>
    sync.mutate(member.id, {
      onSuccess: (answer) => {
        if (answer.success && answer.status === 'synced') {
          toast({ title: 'Synced!', description: `${member.email} was synced to ActiveCampaign.` });
        } else if (answer.status === 'queued') {
          // The api waits a few seconds; a busy queue finishes later, and the admin is told so.
          toast({ title: 'Sync queued', description: `${member.email} will be synced shortly.` });
        } else {
          toastError(answer.error || 'Failed to sync contact', 'Sync Failed');
        }
      },
      onError: (error) =>
        error instanceof ApiError && error.serverMessage
          ? toastError(error.serverMessage, 'Sync Failed')
          : toastError('Failed to sync contact'),
    });
  return (
    <Button
      variant="outline"
      onClick={onSync}
      disabled={acOff || sync.isPending}
      aria-label={`${label}: ${member.email}`}
      aria-describedby={acOff ? describedBy : undefined}
      className="px-4"
    >
      {sync.isPending ? 'Syncing...' : label}
    </Button>
  );
}
