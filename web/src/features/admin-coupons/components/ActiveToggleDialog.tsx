import type { AdminCoupon } from '@nocturne/contracts';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
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
    <Modal
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
    >
      <div className="flex flex-wrap gap-3">
        <Button variant="neon" onClick={confirm} disabled={update.isPending}>
          {update.isPending ? (activating ? 'Activating...' : 'Deactivating...') : `${verb} Coupon`}
        </Button>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
