import { useState } from 'react';
import type { UserCoupon } from '@nocturne/contracts';
import { couponValueLabel, offlineNeedsConnection, onlyAtMessage } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { Badge, Card, ListNote } from '@/components/ui/card';
import { BigCode, useBigCodeParam } from '@/components/big-code';
import { ShortCode } from '@/components/ui/short-code';
import { WalletButtons } from '@/components/wallet-buttons';
import { toast } from '@/components/ui/use-toast';
import { useVenueTime } from '@/lib/venue-time';
import { reasonOr, toastError } from '@/lib/notify';
import { useOnline } from '@/lib/offline-cache';
import { useMyCoupons, useRedeemCoupon } from '../api/coupons';
import { CouponQrCode, qrPayload } from './CouponQrCode';
import { CouponUseBy } from './CouponUseBy';

/**
 * Redeeming spends the coupon for good, so one tap only asks: staff at the door will then see it
 * as used. Cancel (or Escape) leaves it untouched.
 */
function ConfirmRedeem({
  title,
  open,
  onCancel,
  onConfirm,
}: {
  title: string;
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title="Redeem this coupon?"
      description={`${title} will be marked as used. Staff at the door will see it as redeemed and it cannot be used again.`}
    >
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onConfirm}>Redeem</Button>
      </div>
    </Modal>
  );
}

function HeldCoupon({ held }: { held: UserCoupon }) {
  const venueTime = useVenueTime();
  const [big, setBig] = useBigCodeParam();
  const redeem = useRedeemCoupon();
  const [confirming, setConfirming] = useState(false);
  const onRedeem = () => {
    setConfirming(false);
    redeem.mutate(held.id, {
      onSuccess: () => toast({ title: 'Coupon redeemed!', description: 'Enjoy your reward!' }),
      onError: (error) => toastError(reasonOr(error, 'Failed to redeem coupon.')),
    });
  };
  // With no signal it says so at once rather than asking first and then failing.
  const askToRedeem = () => (navigator.onLine ? setConfirming(true) : toastError(offlineNeedsConnection('redeeming')));
  const dates: [string, string | null][] = [
    ['Claimed', held.claimedAt],
    ['Redeemed', held.redeemedAt],
    ['Validated', held.validatedAt],
  ];
  // What it gives, with its unit, as the door reads it: "$20 off", "50% off", "VIP upgrade" (PRODUCT.md §2.5).
  const amount = couponValueLabel(held.coupon.type, held.coupon.value);

  return (
    <li
      aria-label={held.coupon.title}
      className="grid gap-3 rounded-lg border border-white/10 bg-night-950/60 p-4 sm:grid-cols-[1fr_auto]"
    >
      <div className="grid content-start gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-white">{held.coupon.title}</h3>
          {held.redeemedAt ? <Badge tone="green">Redeemed</Badge> : null}
        </div>
        <p className="text-sm text-white/85">{amount}</p>
        {held.redeemedAt ? null : <CouponUseBy validUntil={held.coupon.validUntil} />}
        {held.coupon.venues ? <p className="text-xs text-gold">{onlyAtMessage(held.coupon.venues)}</p> : null}
        <dl className="grid gap-1 text-xs text-white/75">
          {dates.map(([term, value]) =>
            value ? (
              <div key={term} className="flex gap-1">
                <dt>{term}:</dt>
                <dd>{venueTime.dateTime(value)}</dd>
              </div>
            ) : null,
          )}
        </dl>
        {held.redeemedAt ? null : (
          <Button onClick={askToRedeem} disabled={redeem.isPending} className="justify-self-start">
            {redeem.isPending ? 'Redeeming...' : 'Redeem Now'}
          </Button>
        )}
        <ConfirmRedeem title={held.coupon.title} open={confirming} onCancel={() => setConfirming(false)} onConfirm={onRedeem} />
      </div>
      {/* Once redeemed the code would only be rejected at the door, so it is no longer shown. */}
      {held.redeemedAt ? null : (
        <div className="grid justify-items-center gap-2">
          <p className="text-xs uppercase tracking-wider text-white/75">Show this at the door</p>
          <CouponQrCode userCouponId={held.id} token={held.qrCode} label={held.coupon.title} />
          {/* The one code for the door (PRODUCT.md §2.5): staff scan the QR or type this; the
              coupon's own name (its template code) is not something to show them. */}
          <ShortCode code={held.shortCode} testId="coupon-short-code" />
          <p className="text-xs text-white/75">If the scan fails, staff type this code</p>
          <Button variant="outline" onClick={() => setBig(held.id)} aria-label={`Large code for ${held.coupon.title}`}>
            Large code
          </Button>
          <WalletButtons target={{ kind: 'coupon', userCouponId: held.id }} label={held.coupon.title} />
          {big === held.id ? (
            <BigCode
              payload={qrPayload(held.id, held.qrCode)}
              shortCode={held.shortCode}
              title={held.coupon.title}
              onClose={() => setBig(null)}
            />
          ) : null}
        </div>
      )}
    </li>
  );
}

/**
 * My Coupons (PRODUCT.md §2.5), from routes.listMyCoupons: held coupons stay even when no longer offered.
 * With no network the copy saved on this device is shown (the tab says so above it), so a member
 * at the door still has their QR and short code.
 */
export function MyCoupons() {
  const mine = useMyCoupons();
  const online = useOnline();
  const held = mine.data?.pages.flatMap((page) => page.coupons);
  return (
    <Card title="My Coupons">
      {held !== undefined ? (
        held.length === 0 ? (
          <ListNote>You have not claimed any coupons yet.</ListNote>
        ) : (
          <div className="grid gap-3">
            <ul aria-label="My coupons" className="grid gap-3">
              {held.map((coupon) => (
                <HeldCoupon key={coupon.id} held={coupon} />
              ))}
            </ul>
            {/* Held coupons come first: the later pages hold older redeemed ones. */}
            {mine.hasNextPage ? (
              <Button variant="outline" onClick={() => void mine.fetchNextPage()} disabled={mine.isFetchingNextPage || !online}>
                {mine.isFetchingNextPage ? 'Loading...' : 'Show more coupons'}
              </Button>
            ) : null}
          </div>
        )
      ) : mine.isError ? (
        <ListNote tone="error">Failed to fetch user coupons</ListNote>
      ) : (
        <ListNote>Loading your coupons...</ListNote>
      )}
    </Card>
  );
}
