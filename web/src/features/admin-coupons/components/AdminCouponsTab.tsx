import { useState } from 'react';
import type { AdminCoupon } from '@nocturne/contracts';
import { Button } from '@/components/ui/button';
import { Badge, Card, ListNote } from '@/components/ui/card';
import { Modal } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { capitalise, formatDateTime, humanise } from '@/lib/format';
import { reasonOr, toastError } from '@/lib/notify';
import { useAdminCoupons, useDeleteCoupon } from '../api/admin-coupons';
import { CouponForm } from './CouponForm';
import { RecentScans } from './RecentScans';

function CouponRow({ coupon, onDelete }: { coupon: AdminCoupon; onDelete: () => void }) {
  return (
    <li aria-label={coupon.title} className="grid gap-2 rounded-lg border border-white/10 bg-night-950/60 p-4 sm:grid-cols-[1fr_auto]">
      <div className="grid gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-white">{coupon.title}</h3>
          <Badge tone={coupon.isActive ? 'green' : 'muted'}>{coupon.isActive ? 'Active' : 'Inactive'}</Badge>
        </div>
        <p className="text-sm text-white/80">{coupon.description}</p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-white/75">
          <span>
            Code: <span className="font-mono text-gold-light">{coupon.code}</span>
          </span>
          <span>Type: {humanise(coupon.type)}</span>
          {coupon.value !== null ? <span>Value: {coupon.value}</span> : null}
          <span>Points Cost: {coupon.pointsCost ?? 0}</span>
          <span>Tier: {capitalise(coupon.requiredTier)}</span>
          <span>Max Uses: {coupon.maxUses ?? 'Unlimited'}</span>
          {coupon.validUntil ? <span>Valid until {formatDateTime(coupon.validUntil)}</span> : null}
        </p>
        <p className="text-xs text-white/75">
          {coupon.claimedCount} claimed · {coupon.redeemedCount} redeemed
        </p>
      </div>
      <Button variant="outline" onClick={onDelete} className="self-start" aria-label={`Delete ${coupon.title}`}>
        Delete
      </Button>
    </li>
  );
}

/** SPEC 2's admin Coupons tab; the scanner is opened by the page (its own feature). */
export function AdminCouponsTab({ onScan }: { onScan: () => void }) {
  const coupons = useAdminCoupons();
  const remove = useDeleteCoupon();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminCoupon | null>(null);

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
            <CouponRow key={coupon.id} coupon={coupon} onDelete={() => setDeleting(coupon)} />
          ))}
        </ul>
      )}
      <h3 className="mb-3 mt-8 text-lg font-semibold text-white">Recent Scans</h3>
      <RecentScans />
      <Modal
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete coupon?"
        description={
          deleting
            ? `"${deleting.title}" will no longer be offered. Members who already hold it can still use it.`
            : undefined
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
