import { weekdayOf } from './booking-night.js';
import { addDays, clubNightOf } from './club-night.js';
import { nightInWords } from './door.js';
import { pointsToTierWords } from './messages.js';
import type { PointKind } from './points.js';
import { tierProgress, tierRank, type Tier, type TierThresholds } from './tiers.js';

/**
 * Tier and promotion earning multipliers.
 *
 * Multipliers are kept as whole hundredths (1.25× is 125) so that no float ever reaches a points
 * total. Stacking rule: tier × promotion, multiplied together, and rounded ONCE, half up, to whole
 * points on the final amount (5 × 1.25 × 2 = 12.5 → 13). Only earning kinds are multiplied.
 */

/** The ledger kinds a multiplier applies to: earning by taking part, never adjustments, refunds or bonuses. */
export const MULTIPLIED_KINDS: readonly PointKind[] = ['comment_reward', 'visit'];

export const MULTIPLIER_MIN_HUNDREDTHS = 100;
export const MULTIPLIER_MAX_HUNDREDTHS = 500;
/** 1.00× — no multiplier. */
export const NO_MULTIPLIER = 100;

export function isMultipliedKind(kind: PointKind): boolean {
  return MULTIPLIED_KINDS.includes(kind);
}

/**
 * A manager's multiplier as typed ("1.25", "2", "1.5"): 1.00–5.00 with at most two decimals.
 * Answers the hundredths, or null when it is not acceptable.
 */
export function parseMultiplier(input: string): number | null {
  const match = /^\s*(\d+)(?:\.(\d{1,2}))?\s*$/.exec(input);
  if (!match) return null;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (hundredths < MULTIPLIER_MIN_HUNDREDTHS || hundredths > MULTIPLIER_MAX_HUNDREDTHS) return null;
  return hundredths;
}

export function isValidMultiplier(hundredths: number): boolean {
  return Number.isInteger(hundredths) && hundredths >= MULTIPLIER_MIN_HUNDREDTHS && hundredths <= MULTIPLIER_MAX_HUNDREDTHS;
}

/** "×1.25", "×2" — how an entry or a badge shows a multiplier. */
export function multiplierWords(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const cents = hundredths % 100;
  if (cents === 0) return `×${whole}`;
  return `×${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

export interface EarnedPoints {
  basePoints: number;
  tierMultiplier: number;
  promotionMultiplier: number;
  promotionId: string | null;
  /** What the ledger writes: round half up of base × tier × promotion. */
  points: number;
}

/**
 * The points an earning entry pays. Non-multiplied kinds pay the base amount and record 1.00×.
 * Integer arithmetic: base × tier × promotion is in ten-thousandths; half up is +5000 then floor.
 */
export function earnedPoints(
  kind: PointKind,
  basePoints: number,
  tierMultiplier: number,
  promotion: { id: string; multiplier: number } | null,
): EarnedPoints {
  if (!Number.isInteger(basePoints) || basePoints < 0) throw new RangeError(`Base points must be a whole number ≥ 0`);
  if (!isMultipliedKind(kind)) {
    return {
      basePoints,
      tierMultiplier: NO_MULTIPLIER,
      promotionMultiplier: NO_MULTIPLIER,
      promotionId: null,
      points: basePoints,
    };
  }
  if (!isValidMultiplier(tierMultiplier)) throw new RangeError(`Tier multiplier out of range: ${tierMultiplier}`);
  const promotionMultiplier = promotion?.multiplier ?? NO_MULTIPLIER;
  if (!isValidMultiplier(promotionMultiplier)) throw new RangeError(`Promotion multiplier out of range`);
  const tenThousandths = basePoints * tierMultiplier * promotionMultiplier;
  return {
    basePoints,
    tierMultiplier,
    promotionMultiplier,
    promotionId: promotion?.id ?? null,
    points: Math.floor((tenThousandths + 5000) / 10000),
  };
}

/**
 * A scheduled promotion, in club nights (venue time, 06:00 to 06:00): every night from startsOn to
 * endsOn inclusive, or only those whose evening falls on one of `weekdays` (0 = Sunday). So "double
 * points on Thursdays" still runs at 01:30 on the Friday morning: that is Thursday's club night.
 */
export interface PromotionSchedule {
  id: string;
  name: string;
  multiplier: number;
  startsOn: string;
  endsOn: string;
  weekdays: readonly number[] | null;
}

export function promotionRunsOnNight(promotion: PromotionSchedule, night: string): boolean {
  if (night < promotion.startsOn || night > promotion.endsOn) return false;
  if (!promotion.weekdays || promotion.weekdays.length === 0) return true;
  return promotion.weekdays.includes(weekdayOf(night));
}

/**
 * Overlap rule: promotions may overlap; only ONE applies — the highest multiplier (ties: the one
 * that started first, then the lowest id), so promotions never multiply each other.
 */
export function activePromotion<P extends PromotionSchedule>(
  promotions: readonly P[],
  instant: Date,
  timeZone: string,
): P | null {
  const night = clubNightOf(instant, timeZone);
  let best: P | null = null;
  for (const promotion of promotions) {
    if (!promotionRunsOnNight(promotion, night)) continue;
    if (
      !best ||
      promotion.multiplier > best.multiplier ||
      (promotion.multiplier === best.multiplier &&
        (promotion.startsOn < best.startsOn || (promotion.startsOn === best.startsOn && promotion.id < best.id)))
    ) {
      best = promotion;
    }
  }
  return best;
}

/** "120 points to Gold", or null at the top tier (words from messages.ts). */
export function pointsToNextTierWords(totalEarned: number, thresholds: TierThresholds): string | null {
  const progress = tierProgress(totalEarned, thresholds);
  return pointsToTierWords(progress.pointsToNext, progress.nextTier);
}

/** A tier is celebrated once: only when the member is above the last tier they were shown. */
export function tierToCelebrate(current: Tier, lastCelebrated: Tier | null): Tier | null {
  if (current === 'bronze') return null;
  if (lastCelebrated && tierRank(current) <= tierRank(lastCelebrated)) return null;
  return current;
}

/** The unique key of a tier's monthly coupon grant: once per member per venue month. */
export function monthlyCouponGrantKey(memberId: string, instant: Date, timeZone: string): string {
  const night = clubNightOf(instant, timeZone);
  return `${memberId}:${night.slice(0, 7)}`;
}

/** A promotion's badge while it runs: "Double points tonight ×2" (its name, "tonight", the multiplier). */
export function promotionBadgeWords(name: string, multiplier: number): string {
  return `${name.trim()} tonight ${multiplierWords(multiplier)}`;
}

/** The longest a promotion may run: a year of club nights. */
export const PROMOTION_MAX_NIGHTS = 366;

/**
 * Why a promotion's schedule is refused, or null: the end on or after the start (a single club
 * night has both the same), at most PROMOTION_MAX_NIGHTS nights, weekdays 0–6 each once, and at
 * least one night of those weekdays in the range (else it could never run).
 */
export function promotionScheduleProblem(schedule: {
  startsOn: string;
  endsOn: string;
  weekdays: readonly number[] | null;
}): { path: 'endsOn' | 'weekdays'; message: string } | null {
  if (schedule.endsOn < schedule.startsOn) return { path: 'endsOn', message: 'Must be on or after the start date' };
  const nights = (Date.parse(`${schedule.endsOn}T00:00:00Z`) - Date.parse(`${schedule.startsOn}T00:00:00Z`)) / 86_400_000 + 1;
  if (nights > PROMOTION_MAX_NIGHTS)
    return { path: 'endsOn', message: `A promotion runs at most ${PROMOTION_MAX_NIGHTS} nights` };
  const weekdays = schedule.weekdays ?? [];
  if (weekdays.some((day) => !Number.isInteger(day) || day < 0 || day > 6) || new Set(weekdays).size !== weekdays.length)
    return { path: 'weekdays', message: 'Each weekday at most once' };
  if (weekdays.length > 0 && !weekdayFallsIn(weekdays, schedule.startsOn, schedule.endsOn))
    return { path: 'weekdays', message: weekdayClashWords(weekdays, schedule.startsOn, schedule.endsOn) };
  return null;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Whether a night of one of `weekdays` falls from `startsOn` to `endsOn` (a week or more holds every weekday). */
function weekdayFallsIn(weekdays: readonly number[], startsOn: string, endsOn: string): boolean {
  for (let night = startsOn, seen = 0; night <= endsOn && seen < 7; night = addDays(night, 1), seen += 1)
    if (weekdays.includes(weekdayOf(night))) return true;
  return false;
}

/** "a, b or c" */
function listWords(words: readonly string[], last: 'and' | 'or'): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`;
}

/**
 * A promotion that could never run, in words naming the clash: "Thursdays only, but 28 Nov 2026 to
 * 28 Nov 2026 has no Thursday".
 */
function weekdayClashWords(weekdays: readonly number[], startsOn: string, endsOn: string): string {
  const names = [...weekdays].sort((a, b) => a - b).map((day) => WEEKDAY_NAMES[day]!);
  const range = `${nightInWords(startsOn, { year: true })} to ${nightInWords(endsOn, { year: true })}`;
  return `${listWords(
    names.map((name) => `${name}s`),
    'and',
  )} only, but ${range} has no ${listWords(names, 'or')}`;
}

/**
 * How a ledger entry's points came about, for the member's history: "5 pts ×1.25 tier ×2
 * promotion"; null when nothing multiplied it (both 1.00×).
 */
export function earningWords(basePoints: number, tierMultiplier: number, promotionMultiplier: number): string | null {
  if (tierMultiplier === NO_MULTIPLIER && promotionMultiplier === NO_MULTIPLIER) return null;
  const parts = [`${basePoints} ${basePoints === 1 ? 'pt' : 'pts'}`];
  if (tierMultiplier !== NO_MULTIPLIER) parts.push(`${multiplierWords(tierMultiplier)} tier`);
  if (promotionMultiplier !== NO_MULTIPLIER) parts.push(`${multiplierWords(promotionMultiplier)} promotion`);
  return parts.join(' ');
}
