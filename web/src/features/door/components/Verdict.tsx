import { useEffect, type ReactNode } from 'react';
import type { DoorCheckResponse } from '@nocturne/contracts';
import { DOOR_OFFLINE } from '@nocturne/domain';
import { markVerdictShown, type DoorScreen } from '../hooks/use-door-session';
import { CouponRow } from './CouponRow';
import { GuestListVerdict } from './GuestListVerdict';
import { memberLine } from './door-format';

/** The verdict filling the screen: green with Redeem, or red with the reason in words. */
export function Verdict({
  shown,
  onRedeem,
  onDismiss,
  undo,
}: {
  shown: Extract<DoorScreen, { step: 'verdict' }>;
  onRedeem: (userCouponId?: string) => void;
  onDismiss: () => void;
  /** The Undo of the last redemption, for a card's coupons redeemed from here. */
  undo: ReactNode;
}) {
  const verdict: DoorCheckResponse = shown.verdict;
  // The frame after this verdict first renders is when staff see it.
  useEffect(() => {
    const frame = requestAnimationFrame(markVerdictShown);
    return () => cancelAnimationFrame(frame);
  }, [verdict]);
  const tone = verdict.ok ? 'bg-emerald-700' : 'bg-red-700';
  return (
    <section
      aria-label={verdict.ok ? 'Valid' : 'Refused'}
      data-testid="door-verdict"
      data-ok={verdict.ok ? 'true' : 'false'}
      className={`fixed inset-0 z-40 flex flex-col gap-4 overflow-y-auto p-6 text-white ${tone}`}
    >
      {shown.offline ? (
        <p data-testid="door-offline" className="text-lg font-semibold uppercase tracking-wider">
          {DOOR_OFFLINE}
          {shown.offline.stale ? ` · ${shown.offline.stale}` : ''}
        </p>
      ) : null}
      <p role="alert" className="text-4xl font-bold leading-tight">
        {verdict.message}
      </p>
      {verdict.kind === 'coupon' ? (
        <div className="grid gap-1">
          <p className="text-3xl font-semibold">{verdict.coupon.title}</p>
          <p className="text-xl opacity-90">{verdict.coupon.valueLabel}</p>
          <p className="text-2xl" data-testid="door-member">
            {memberLine(verdict.member)}
          </p>
        </div>
      ) : null}
      {verdict.kind === 'card' ? (
        <div className="grid gap-3">
          <p className="text-2xl" data-testid="door-member">
            {memberLine(verdict.member)} · {verdict.member.status === 'active' ? 'Active' : 'Disabled'}
          </p>
          {verdict.guestList ? <GuestListVerdict guestList={verdict.guestList} /> : null}
          {verdict.ok ? (
            verdict.coupons.length ? (
              <ul aria-label="Coupons usable tonight" className="grid gap-2">
                {verdict.coupons.map((coupon) => (
                  <CouponRow
                    key={coupon.userCouponId}
                    coupon={coupon}
                    redeemed={shown.redeemed.includes(coupon.userCouponId)}
                    busy={shown.redeeming !== null}
                    onRedeem={() => onRedeem(coupon.userCouponId)}
                  />
                ))}
              </ul>
            ) : (
              <p className="text-lg opacity-90">No coupons usable tonight</p>
            )
          ) : null}
        </div>
      ) : null}
      {shown.problem ? (
        <p role="alert" className="rounded-lg bg-red-900/80 px-4 py-3 text-xl font-semibold">
          {shown.problem}
        </p>
      ) : null}
      {verdict.kind === 'card' ? undo : null}
      <div className="mt-auto grid gap-3">
        {verdict.kind === 'coupon' && verdict.ok && !shown.problem ? (
          <button
            type="button"
            onClick={() => onRedeem()}
            disabled={shown.redeeming !== null}
            className="min-h-20 rounded-2xl bg-white text-3xl font-bold uppercase tracking-wider text-emerald-800 disabled:opacity-60"
          >
            {shown.redeeming ? 'Redeeming...' : 'Redeem'}
          </button>
        ) : null}
        <button
          type="button"
          onClick={onDismiss}
          className="min-h-14 rounded-2xl border-2 border-white/80 text-xl font-semibold uppercase tracking-wider"
        >
          {verdict.ok ? (verdict.kind === 'card' ? 'Done' : 'Dismiss') : 'Next'}
        </button>
      </div>
    </section>
  );
}
