import type { AdminCoupon } from '@nocturne/contracts';
import { couponTypeLabel, couponValueLabel } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/card';
import { capitalise } from '@/lib/format';
import { useVenueTime } from '@/lib/venue-time';

interface CouponRowProps {
  coupon: AdminCoupon;
  onEdit: () => void;
  onToggleActive: () => void;
  onDelete: () => void;
}

/** One coupon of All Coupons: a card at every width, so a phone never cuts off a column. */
export function CouponRow({ coupon, onEdit, onToggleActive, onDelete }: CouponRowProps) {
  const venueTime = useVenueTime();
  return (
    <li
      aria-label={coupon.title}
      className="grid gap-3 rounded-lg border border-white/10 bg-night-950/60 p-4 sm:grid-cols-[minmax(0,1fr)_auto]"
    >
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="break-words font-semibold text-white">{coupon.title}</h3>
          <Badge tone={coupon.isActive ? 'green' : 'muted'}>{coupon.isActive ? 'Active' : 'Inactive'}</Badge>
        </div>
        <p className="break-words text-sm text-white/80">{coupon.description}</p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-white/75">
          <span className="break-all">
            Code: <span className="font-mono text-gold-light">{coupon.code}</span>
          </span>
          <span>Type: {couponTypeLabel(coupon.type)}</span>
          {coupon.value !== null ? <span>Value: {couponValueLabel(coupon.type, coupon.value)}</span> : null}
          <span>Points Cost: {coupon.pointsCost ?? 0}</span>
          <span>Tier: {capitalise(coupon.requiredTier)}</span>
          <span>Max Uses: {coupon.maxUses ?? 'Unlimited'}</span>
          {coupon.perMemberLimit > 1 ? <span>Per member: {coupon.perMemberLimit}</span> : null}
          {coupon.validUntil ? <span>Valid until {venueTime.dateTime(coupon.validUntil)}</span> : null}
        </p>
        <p className="text-xs text-white/75">
          <span>
            {coupon.claimedCount} claimed · {coupon.redeemedCount} redeemed
          </span>{' '}
          <span>· {coupon.remaining === null ? 'no limit' : `${coupon.remaining} remaining`}</span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2 self-start sm:flex-col">
        <Button variant="outline" onClick={onEdit} aria-label={`Edit ${coupon.title}`}>
          Edit
        </Button>
        <Button
          variant="outline"
          onClick={onToggleActive}
          aria-label={`${coupon.isActive ? 'Deactivate' : 'Activate'} ${coupon.title}`}
        >
          {coupon.isActive ? 'Deactivate' : 'Activate'}
        </Button>
        <Button variant="outline" onClick={onDelete} aria-label={`Delete ${coupon.title}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}
