import type { DoorCoupon } from '@nocturne/contracts';
import { Button } from '@/components/ui/button';

/** One of a card holder's coupons usable tonight, with Redeem (or Redeemed once it is). */
export function CouponRow({
  coupon,
  redeemed,
  busy,
  onRedeem,
}: {
  coupon: DoorCoupon;
  redeemed: boolean;
  busy: boolean;
  onRedeem: () => void;
}) {
  return (
    <li aria-label={coupon.title} className="flex items-center justify-between gap-3 rounded-lg bg-black/25 px-4 py-3">
      <div className="min-w-0">
        <p className="text-lg font-semibold">{coupon.title}</p>
        <p className="text-sm opacity-85">{coupon.valueLabel}</p>
      </div>
      {redeemed ? (
        <span className="rounded-full bg-white/90 px-4 py-2 text-sm font-bold uppercase text-emerald-900">Redeemed</span>
      ) : (
        <Button variant="gold" onClick={onRedeem} disabled={busy}>
          Redeem
        </Button>
      )}
    </li>
  );
}
