import { tierLabel, tierProgress } from '@nocturne/domain';
import { TIER_THRESHOLDS } from '@/config/club';
import { countOf } from '@/lib/format';

/** How far the member is from the next tier (tiers follow total earned points, not the balance). */
export function TierProgress({ totalPoints }: { totalPoints: number }) {
  const progress = tierProgress(totalPoints, TIER_THRESHOLDS);
  const percent = Math.round(progress.progress * 100);
  const label = progress.nextTier
    ? `${countOf(progress.pointsToNext, 'point')} to ${tierLabel(progress.nextTier)}`
    : `${tierLabel(progress.tier)} is the top tier`;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap justify-between gap-2 text-sm text-white/85">
        <span>Progress to next tier</span>
        <span>{label}</span>
      </div>
      <div
        role="progressbar"
        aria-label="Progress to next tier"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
        className="h-3 overflow-hidden rounded-full bg-white/10"
      >
        <div className="h-full rounded-full bg-gold transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
