import type { AdminCoupon } from '@nocturne/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { reasonOr, toastError } from '@/lib/notify';
import { useUpdateCoupon } from '../api/admin-coupons';

/** Asks before switching a coupon off (or on again), saying what members will see. */
export function ActiveToggleDialog({ coupon, onClose }: { coupon: AdminCoupon | null; onClose: () => void }) {
  const update = useUpdateCoupon();
  const activating = coupon ? !coupon.isActive : false;
  const verb = activating ? 'Activate' : 'Deactivate';

  const confirm = () => {
    if (!coupon) return;
    update.mutate(
      { couponId: coupon.id, change: { isActive: activating } },
      {
        onSuccess: () => toast({ title: activating ? 'Coupon activated successfully!' : 'Coupon deactivated successfully!' }),
        onError: (error) => toastError(reasonOr(error, 'Please try again.'), 'Failed to update coupon'),
        onSettled: onClose,
      },
    );
  };

  return (
    <ConfirmDialog
      open={coupon !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`${verb} coupon?`}
      description={
        coupon
          ? activating
            ? `"${coupon.title}" will be offered to members again, and those who hold it can redeem it.`
            : `"${coupon.title}" will leave Available Coupons, and members who hold it cannot redeem it until you activate it again.`
          : undefined
      }
      confirmLabel={`${verb} Coupon`}
      pendingLabel={activating ? 'Activating...' : 'Deactivating...'}
      pending={update.isPending}
      onConfirm={confirm}
    />
  );
}
