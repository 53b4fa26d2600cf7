import type { AdminMemberView, AdminMemberCoupon } from '@nocturne/contracts';
import { couponTypeLabel, couponValueLabel } from '@nocturne/domain';
import { Badge, Card, ListNote } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { capitalise, countOf, signedPoints } from '@/lib/format';
import { useVenueTime } from '@/lib/venue-time';

const STATE_BADGES: Record<AdminMemberCoupon['state'], { label: string; tone: 'gold' | 'green' | 'muted' | 'red' }> = {
  claimed: { label: 'Claimed', tone: 'gold' },
  redeemed: { label: 'Redeemed', tone: 'green' },
  paused: { label: 'Paused', tone: 'muted' },
  expired: { label: 'Expired', tone: 'muted' },
  withdrawn: { label: 'Withdrawn', tone: 'red' },
};

const itemClass = 'rounded-lg border border-white/10 bg-night-950/60 p-3 text-sm';

/** Point History as the member sees it, plus who made each staff adjustment; newest first, more on request. */
export function PointsHistoryCard({
  history,
  onShowMore,
  loadingMore,
}: {
  history: AdminMemberView['pointsHistory'];
  onShowMore: () => void;
  loadingMore: boolean;
}) {
  const venueTime = useVenueTime();
  return (
    <Card title="Points History" description={countOf(history.total, 'entry', 'entries')}>
      {history.entries.length === 0 ? (
        <ListNote>No points yet</ListNote>
      ) : (
        <ul className="grid gap-2">
          {history.entries.map((entry) => (
            <li key={entry.id} className={`${itemClass} flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1`}>
              <div className="min-w-0">
                <p className="break-words">{entry.description}</p>
                {entry.multiplier ? <p className="text-xs text-gold-light">{entry.multiplier}</p> : null}
                <p className="text-xs text-white/70">
                  {venueTime.dateTime(entry.createdAt)}
                  {entry.recordedBy ? ` · by ${entry.recordedBy.name}` : ''}
                </p>
              </div>
              <span className={`font-semibold ${entry.points >= 0 ? 'text-emerald-300' : 'text-red-300'}`}>
                {signedPoints(entry.points)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {history.entries.length < history.total ? (
        <Button variant="outline" className="mt-4" onClick={onShowMore} disabled={loadingMore}>
          {loadingMore ? 'Loading...' : `Show more (${history.total - history.entries.length} older)`}
        </Button>
      ) : null}
    </Card>
  );
}

/** Every claim with where it stands: claimed, redeemed (by whom, validated when), paused, expired or withdrawn. */
export function MemberCouponsCard({ coupons }: { coupons: AdminMemberView['coupons'] }) {
  const venueTime = useVenueTime();
  const shown = coupons.entries.length;
  return (
    <Card
      title="Coupons"
      description={shown < coupons.total ? `Newest ${shown} of ${coupons.total}` : countOf(coupons.total, 'coupon')}
    >
      {shown === 0 ? (
        <ListNote>No coupons claimed</ListNote>
      ) : (
        <ul className="grid gap-2">
          {coupons.entries.map((coupon) => {
            const badge = STATE_BADGES[coupon.state];
            const value = coupon.value === null ? null : couponValueLabel(coupon.type, coupon.value);
            return (
              <li key={coupon.id} className={itemClass}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold">{coupon.title}</p>
                  <Badge tone={badge.tone}>{badge.label}</Badge>
                </div>
                <p className="mt-1 text-xs text-white/75">
                  <span className="font-mono">{coupon.code}</span> · {couponTypeLabel(coupon.type)}
                  {value ? ` · ${value}` : ''}
                </p>
                <dl className="mt-2 grid gap-x-4 gap-y-1 text-xs text-white/80 sm:grid-cols-2">
                  <div>
                    <dt className="inline text-white/70">Claimed </dt>
                    <dd className="inline">{venueTime.dateTime(coupon.claimedAt)}</dd>
                  </div>
                  {coupon.redeemedAt ? (
                    <div>
                      <dt className="inline text-white/70">Redeemed </dt>
                      <dd className="inline">
                        {venueTime.dateTime(coupon.redeemedAt)}
                        {coupon.redeemedBy ? ` (${coupon.redeemedBy === 'staff' ? 'at the door' : 'in the app'})` : ''}
                      </dd>
                    </div>
                  ) : null}
                  {coupon.validatedAt ? (
                    <div>
                      <dt className="inline text-white/70">Validated </dt>
                      <dd className="inline">{venueTime.dateTime(coupon.validatedAt)}</dd>
                    </div>
                  ) : null}
                  {coupon.redemptionUndoneAt ? (
                    <div>
                      <dt className="inline text-white/70">Redemption undone </dt>
                      <dd className="inline">{venueTime.dateTime(coupon.redemptionUndoneAt)}</dd>
                    </div>
                  ) : null}
                  {coupon.validUntil ? (
                    <div>
                      <dt className="inline text-white/70">{coupon.state === 'expired' ? 'Expired ' : 'Valid until '}</dt>
                      <dd className="inline">{venueTime.dateTime(coupon.validUntil)}</dd>
                    </div>
                  ) : null}
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** The door's scans of this member's coupons: validations, redemptions and undos, accepted or not. */
export function MemberScansCard({ scans }: { scans: AdminMemberView['scans'] }) {
  const venueTime = useVenueTime();
  return (
    <Card title="Door Scans" description="The 20 most recent">
      {scans.length === 0 ? (
        <ListNote>No scans yet</ListNote>
      ) : (
        <ul className="grid gap-2">
          {scans.map((scan) => (
            <li key={scan.id} className={itemClass}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">
                  {capitalise(scan.action)}{' '}
                  {scan.couponCode ? <span className="font-mono text-white/85">{scan.couponCode}</span> : null}
                </p>
                <Badge tone={scan.result === 'accepted' ? 'green' : 'red'}>{capitalise(scan.result)}</Badge>
              </div>
              <p className="mt-1 break-words text-white/85">{scan.reason}</p>
              <p className="mt-1 text-xs text-white/70">
                {venueTime.dateTime(scan.at)}
                {scan.staffName ? ` · ${scan.staffName}` : ''} · {scan.method === 'qr' ? 'QR code' : 'typed code'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
