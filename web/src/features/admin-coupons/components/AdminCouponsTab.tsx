import { useState } from 'react';
import type { AdminCoupon } from '@nocturne/contracts';
import { Button } from '@/components/ui/button';
import { Card, ListNote } from '@/components/ui/card';
import { Modal } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { reasonOr, toastError } from '@/lib/notify';
import { useAdminCoupons, useDeleteCoupon } from '../api/admin-coupons';
import { ActiveToggleDialog } from './ActiveToggleDialog';
import { CouponForm } from './CouponForm';
import { CouponRow } from './CouponRow';
import { RecentScans } from './RecentScans';

/** The staff's Coupons tab (PRODUCT.md §2.6); the scanner is opened by the page (its own feature). */
export function AdminCouponsTab({ onScan }: { onScan: () => void }) {
  const coupons = useAdminCoupons();
  const remove = useDeleteCoupon();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminCoupon | null>(null);
  const [editing, setEditing] = useState<AdminCoupon | null>(null);
  const [toggling, setToggling] = useState<AdminCoupon | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast({ title: 'Coupon deleted successfully!' }),
      onError: (error) => toastError(reasonOr(error, 'Please try again.'), 'Failed to delete coupon'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Card
      title="Coupon Management"
      action={
        <div className="flex flex-wrap gap-2">
          <Button variant="neon" onClick={onScan}>
            Scan QR Code
          </Button>
          <Button onClick={() => setCreating(true)} disabled={creating}>
            Create Coupon
          </Button>
        </div>
      }
    >
      {creating ? (
        <div className="mb-6">
          <CouponForm onClose={() => setCreating(false)} />
        </div>
      ) : null}
      <h3 className="mb-3 text-lg font-semibold text-white">All Coupons</h3>
      {coupons.isPending ? (
        <ListNote>Loading coupons...</ListNote>
      ) : coupons.isError ? (
        <ListNote tone="error">Failed to fetch coupons</ListNote>
      ) : coupons.data.length === 0 ? (
        <ListNote>No coupons created yet. Create your first coupon!</ListNote>
      ) : (
        <ul aria-label="All coupons" className="grid gap-3">
          {coupons.data.map((coupon) => (
            <CouponRow
              key={coupon.id}
              coupon={coupon}
              onEdit={() => setEditing(coupon)}
              onToggleActive={() => setToggling(coupon)}
              onDelete={() => setDeleting(coupon)}
            />
          ))}
        </ul>
      )}
      <h3 className="mb-3 mt-8 text-lg font-semibold text-white">Recent Scans</h3>
      <RecentScans />
      <Modal
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        title="Edit coupon"
        className="sm:max-w-2xl"
      >
        {editing ? <CouponForm key={editing.id} coupon={editing} onClose={() => setEditing(null)} /> : null}
      </Modal>
      <ActiveToggleDialog coupon={toggling} onClose={() => setToggling(null)} />
      <Modal
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete coupon?"
        description={
          deleting ? `"${deleting.title}" will no longer be offered. Members who already hold it can still use it.` : undefined
        }
      >
        <div className="flex flex-wrap gap-3">
          <Button variant="neon" onClick={confirmDelete} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete Coupon'}
          </Button>
          <Button variant="outline" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
        </div>
      </Modal>
    </Card>
  );
}
