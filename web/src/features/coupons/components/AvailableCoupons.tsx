import { useState } from 'react';
import type { AvailableCoupon } from '@nocturne/contracts';
import { balanceAfterClaim, couponValueLabel, offlineNeedsConnection, onlyAtMessage, paidClaimQuestion } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { Badge, Card, ListNote } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { reasonOr, toastError } from '@/lib/notify';
import { countOf } from '@/lib/format';
import { useAvailableCoupons, useClaimCoupon } from '../api/coupons';
import { CouponUseBy } from './CouponUseBy';

function claimBlocker(coupon: AvailableCoupon, currentPoints: number): string | undefined {
  if (!coupon.claimable) return coupon.reason ?? 'Not available to claim';
  // Disabled while the cost is above the member's points, saying how many more they need.
  if (coupon.pointsCost > currentPoints) return `You need ${countOf(coupon.pointsCost - currentPoints, 'more point')}`;
  return undefined;
}

/**
 * Available Coupons, with the server's reason when one cannot be claimed (PRODUCT.md §2.5). A free
 * coupon is claimed in one tap; a paid one asks first, with the cost and the balance after (Cancel
 * spends nothing). With no signal a tap says that claiming needs a connection.
 */
export function AvailableCoupons({ currentPoints }: { currentPoints: number }) {
  const coupons = useAvailableCoupons();
  const claim = useClaimCoupon();
  // The coupon asked about stays after the question closes, so its words do not blank while it fades out.
  const [asking, setAsking] = useState(false);
  const [asked, setAsked] = useState<AvailableCoupon | null>(null);

  const sendClaim = (coupon: AvailableCoupon) => {
    setAsking(false);
    claim.mutate(coupon.id, {
      onSuccess: () => toast({ title: 'Coupon claimed!', description: 'Check your My Coupons tab to use it.' }),
      onError: (error) => toastError(reasonOr(error, 'Failed to claim coupon.')),
    });
  };
  const onClaim = (coupon: AvailableCoupon) => {
    if (!navigator.onLine) toastError(offlineNeedsConnection('claiming'));
    else if (coupon.pointsCost > 0) {
      setAsked(coupon);
      setAsking(true);
    } else sendClaim(coupon);
  };

  return (
    <Card title="Available Coupons">
      {coupons.data === undefined ? (
        coupons.isError ? (
          <ListNote tone="error">Failed to fetch coupons</ListNote>
        ) : (
          <ListNote>Loading coupons...</ListNote>
        )
      ) : coupons.data.length === 0 ? (
        <ListNote>No coupons available right now.</ListNote>
      ) : (
        <ul aria-label="Available coupons" className="grid gap-3">
          {coupons.data.map((coupon) => {
            const blocker = claimBlocker(coupon, currentPoints);
            const pending = claim.isPending && claim.variables === coupon.id;
            return (
              <li key={coupon.id} className="grid gap-2 rounded-lg border border-white/10 bg-night-950/60 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold text-white">{coupon.title}</h3>
                  <Badge>{coupon.code}</Badge>
                </div>
                <p className="text-sm font-medium text-white/90">{couponValueLabel(coupon.type, coupon.value)}</p>
                <p className="text-sm text-white/80">{coupon.description}</p>
                <CouponUseBy validUntil={coupon.validUntil} />
                {coupon.venues ? <p className="text-xs text-gold">{onlyAtMessage(coupon.venues)}</p> : null}
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <span className="font-semibold text-gold">
                    {coupon.pointsCost > 0 ? countOf(coupon.pointsCost, 'point') : 'Free'}
                  </span>
                  <Button
                    onClick={() => onClaim(coupon)}
                    disabled={blocker !== undefined || claim.isPending}
                    aria-describedby={blocker ? `claim-reason-${coupon.id}` : undefined}
                  >
                    {pending ? 'Claiming...' : 'Claim'}
                  </Button>
                </div>
                {blocker ? (
                  <p id={`claim-reason-${coupon.id}`} className="text-sm text-neon-light">
                    {blocker}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={asking && asked !== null}
        onOpenChange={setAsking}
        title={asked ? paidClaimQuestion(asked.pointsCost) : ''}
        description={asked ? `${asked.title}. ${balanceAfterClaim(currentPoints - asked.pointsCost)}` : ''}
        confirmLabel="Claim"
        pendingLabel="Claiming..."
        pending={claim.isPending}
        onConfirm={() => asked && sendClaim(asked)}
      />
    </Card>
  );
}
