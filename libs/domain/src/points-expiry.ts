import { addDays, clubNightStart, isIsoDate } from './club-night.js';

/** Members are warned this many days before their points expire. */
export const POINTS_EXPIRY_WARNING_DAYS = 14;

/** A ledger row as the expiry rules read it. */
export interface LedgerMovement {
  id: string;
  /** Signed: credits positive, debits negative. */
  points: number;
  kind: string;
  /** Set on a reversal: the row it undoes. */
  reversesId: string | null;
  createdAt: Date;
}

/** A 'YYYY-MM-DD' date shifted by whole months, clamped to the end of a shorter month (31 March - 1 month = 28 February). */
export function addMonths(date: string, months: number): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const firstOfTarget = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0)).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(day, lastDay));
  return firstOfTarget.toISOString().slice(0, 10);
}

/**
 * On club night `night`, points earned before this instant expire: the start of the club night
 * `months` months earlier, venue time (so "N months" is counted in the venue's nights, not UTC days).
 */
export function pointsExpiryCutoff(night: string, months: number, timeZone: string): Date {
  if (!Number.isInteger(months) || months < 1) throw new RangeError(`Expiry months must be a positive integer: ${months}`);
  return clubNightStart(addMonths(night, -months), timeZone);
}

/**
 * What is left, first in first out, of the points earned before `cutoff`: spending (and earlier
 * expiries) takes the oldest earned points first, so the old points still unspent are those
 * earned before the cutoff minus everything ever debited, never below zero nor above the balance.
 * The balance never went below zero, so taking all debits from the oldest earnings at once gives
 * the same answer as replaying them in order. A reversal belongs to the row it undoes: a reversed
 * credit earns only what is left of it, a reversed debit spends only what is left of it.
 */
export function unspentPointsEarnedBefore(movements: readonly LedgerMovement[], cutoff: Date): number {
  const reversedBy = new Map<string, number>();
  for (const row of movements) {
    if (row.reversesId) reversedBy.set(row.reversesId, (reversedBy.get(row.reversesId) ?? 0) + row.points);
  }
  const byId = new Set(movements.map((row) => row.id));
  let earnedBefore = 0;
  let debited = 0;
  let balance = 0;
  for (const row of movements) {
    balance += row.points;
    // A reversal of a row we know is folded into that row; an orphan counts on its own.
    if (row.reversesId && byId.has(row.reversesId)) continue;
    const net = row.points + (reversedBy.get(row.id) ?? 0);
    if (row.points > 0) {
      if (row.createdAt.getTime() < cutoff.getTime()) earnedBefore += Math.max(net, 0);
    } else {
      debited += Math.max(-net, 0);
    }
  }
  return Math.max(0, Math.min(balance, earnedBefore - debited));
}

export interface PointsExpiryPlan {
  /** Points to expire tonight (earned before the cutoff and still unspent). */
  expire: number;
  /** Points that will expire on club night `warning.night` unless spent first (zero: no e-mail). */
  warning: { night: string; points: number };
}

/**
 * Tonight's expiry for one member, and the batch to warn them about: the points that will expire
 * POINTS_EXPIRY_WARNING_DAYS nights from now, i.e. those earned between that night's cutoff and
 * the night before's. Each earning falls in exactly one night's batch, so it is warned about once.
 */
export function planPointsExpiry(movements: readonly LedgerMovement[], night: string, months: number, timeZone: string): PointsExpiryPlan {
  const expire = unspentPointsEarnedBefore(movements, pointsExpiryCutoff(night, months, timeZone));
  const warningNight = addDays(night, POINTS_EXPIRY_WARNING_DAYS);
  const byWarningNight = unspentPointsEarnedBefore(movements, pointsExpiryCutoff(warningNight, months, timeZone));
  const byNightBefore = unspentPointsEarnedBefore(movements, pointsExpiryCutoff(addDays(warningNight, -1), months, timeZone));
  return { expire, warning: { night: warningNight, points: byWarningNight - byNightBefore } };
}
