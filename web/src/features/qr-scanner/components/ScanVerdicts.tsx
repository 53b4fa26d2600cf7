import type { DoorMember } from '@nocturne/contracts';
import { couponTypeLabel, tierLabel } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/card';
import type { GoodVerdict } from './use-scan-session';

const memberLine = (member: DoorMember) => `${member.firstName} · ${tierLabel(member.tier)}`;

function Details({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-white/70">{term}</dt>
          <dd className="text-white">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A valid coupon, as the door's check describes it: the coupon and its holder's first name and tier. */
export function ValidatedCoupon({ verdict }: { verdict: Extract<GoodVerdict, { kind: 'coupon' }> }) {
  const { coupon, member } = verdict;
  const rows: [string, string][] = [
    ['Coupon', coupon.title],
    ['Type', couponTypeLabel(coupon.type)],
    ...(coupon.value !== null ? [['Value', coupon.valueLabel] as [string, string]] : []),
    ['Member', member.firstName],
    ['Tier', tierLabel(member.tier)],
  ];
  return (
    <div className="grid gap-3 rounded-xl border border-emerald-400/50 bg-emerald-950/40 p-4" role="status">
      <p className="flex items-center gap-2 text-lg font-semibold text-emerald-200">
        Valid Coupon Detected! <Badge tone="green">Valid</Badge>
      </p>
      <Details rows={rows} />
    </div>
  );
}

/** A member card: the visit it recorded, and the holder's coupons usable tonight, each redeemable here. */
export function ValidatedCard({
  verdict,
  redeeming,
  onRedeem,
}: {
  verdict: Extract<GoodVerdict, { kind: 'card' }>;
  redeeming: boolean;
  onRedeem: (userCouponId: string) => void;
}) {
  return (
    <div className="grid gap-3 rounded-xl border border-emerald-400/50 bg-emerald-950/40 p-4" role="status">
      <p className="text-lg font-semibold text-emerald-200">{verdict.message}</p>
      <p className="text-sm text-white">{memberLine(verdict.member)}</p>
      {verdict.coupons.length ? (
        <ul aria-label="Coupons usable tonight" className="grid gap-2">
          {verdict.coupons.map((coupon) => (
            <li key={coupon.userCouponId} className="flex items-center justify-between gap-3 rounded-lg bg-black/25 px-3 py-2">
              <span className="min-w-0 text-sm">
                <span className="font-semibold">{coupon.title}</span> · {coupon.valueLabel}
              </span>
              <Button
                variant="outline"
                aria-label={`Redeem ${coupon.title}`}
                disabled={redeeming}
                onClick={() => onRedeem(coupon.userCouponId)}
              >
                Redeem
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-white/80">No coupons usable tonight</p>
      )}
    </div>
  );
}
