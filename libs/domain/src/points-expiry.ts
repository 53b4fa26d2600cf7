import { addDays, clubNightOf, clubNightStart, isIsoDate, utcDate } from './club-night.js';

/**
 * Points expiry (POINTS_EXPIRE_AFTER_MONTHS = N). Points earned during a calendar month of club
 * nights (venue time) form one batch, which expires at the end of the month N months later: its
 * expiry month. A member is e-mailed about a batch 14 nights before it expires, and a batch
 * expires only once an e-mail that covered it was sent at least 14 nights earlier; a late e-mail
 * postpones the expiry to 14 nights after it was sent. A member gets at most one such e-mail a
 * month: the e-mail of month Y covers every batch that expires by the end of Y.
 */

/** Members are e-mailed this many days (club nights) before their points expire. */
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

/** An expiry warning the member was sent: the month it is for ('YYYY-MM') and the club night it went out. */
export interface SentExpiryWarning {
  month: string;
  sentNight: string;
}

/** What is left of one batch: the points earned in one month that expire at the end of `expiryMonth`. */
export interface ExpiryBatch {
  expiryMonth: string;
  points: number;
}

function parseMonth(month: string): [number, number] {
  if (!/^\d{4}-\d{2}$/.test(month) || !isIsoDate(`${month}-01`)) throw new RangeError(`Not a YYYY-MM month: ${month}`);
  return month.split('-').map(Number) as [number, number];
}

/** The month ('YYYY-MM') of a club night ('YYYY-MM-DD'). */
export function monthOf(night: string): string {
  if (!isIsoDate(night)) throw new RangeError(`Not a YYYY-MM-DD date: ${night}`);
  return night.slice(0, 7);
}

/** A 'YYYY-MM' month shifted by whole months. */
export function shiftMonth(month: string, months: number): string {
  const [year, monthNumber] = parseMonth(month);
  return utcDate(year, monthNumber - 1 + months, 1)
    .toISOString()
    .slice(0, 7);
}

/** The last club night of a month: the last night on which that month's expiring points can be spent. */
export function lastNightOfMonth(month: string): string {
  return addDays(`${shiftMonth(month, 1)}-01`, -1);
}

function assertMonths(months: number): void {
  if (!Number.isInteger(months) || months < 1) throw new RangeError(`Expiry months must be a positive integer: ${months}`);
}

/** The expiry month of points earned at `earnedAt`: N months after the month of its club night, venue time. */
export function expiryMonthOf(earnedAt: Date, months: number, timeZone: string): string {
  assertMonths(months);
  return shiftMonth(monthOf(clubNightOf(earnedAt, timeZone)), months);
}

/**
 * Points earned before this instant expire at the end of `expiryMonth` or earlier: the start of
 * the first club night of the month after their earning month, venue time.
 */
export function expiryCutoff(expiryMonth: string, months: number, timeZone: string): Date {
  assertMonths(months);
  return clubNightStart(`${shiftMonth(expiryMonth, 1 - months)}-01`, timeZone);
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

/** The member's batches with points left, oldest first (spending and expiries taken from the oldest first). */
export function unspentBatches(movements: readonly LedgerMovement[], months: number, timeZone: string): ExpiryBatch[] {
  const expiryMonths = [
    ...new Set(movements.filter((row) => row.points > 0).map((row) => expiryMonthOf(row.createdAt, months, timeZone))),
  ].sort();
  const batches: ExpiryBatch[] = [];
  let unspentBefore = 0;
  for (const expiryMonth of expiryMonths) {
    const unspent = unspentPointsEarnedBefore(movements, expiryCutoff(expiryMonth, months, timeZone));
    if (unspent > unspentBefore) batches.push({ expiryMonth, points: unspent - unspentBefore });
    unspentBefore = unspent;
  }
  return batches;
}

/** The night a batch's warning is due: 14 nights before the night after its month ends. */
export function warningNightOf(expiryMonth: string): string {
  return addDays(lastNightOfMonth(expiryMonth), 1 - POINTS_EXPIRY_WARNING_DAYS);
}

/** Whether a sent warning told the member about a batch: the warning of month Y covers every batch that expires by the end of Y. */
const covers = (warning: SentExpiryWarning, expiryMonth: string): boolean => warning.month >= expiryMonth;

/**
 * The club night from which a batch may be expired: the night after its month ends, and no
 * earlier than 14 nights after the first sent warning that covered it; null while none did.
 */
export function batchExpiryNight(expiryMonth: string, sent: readonly SentExpiryWarning[]): string | null {
  const firstSent = sent
    .filter((warning) => covers(warning, expiryMonth))
    .map((warning) => warning.sentNight)
    .sort()[0];
  if (!firstSent) return null;
  const scheduled = addDays(lastNightOfMonth(expiryMonth), 1);
  const noticed = addDays(firstSent, POINTS_EXPIRY_WARNING_DAYS);
  return scheduled > noticed ? scheduled : noticed;
}

export interface PointsExpiryPlan {
  /** Points to expire tonight: what is left of the batches whose expiry night has come. */
  expire: number;
  /** The month of the warning to send tonight ('YYYY-MM'), or null: nothing is due, or one went out this month. */
  warn: string | null;
}

/**
 * Tonight's expiry and warning for one member, given their ledger and the warnings they were sent.
 * A warning is due tonight when a batch with points left, not yet covered by a sent warning,
 * expires at the end of a past month (overdue: the feature was switched on, or nights were
 * missed) or at the end of this month and its warning night has come; unless a warning already
 * went out this month. Expirable batches are always the oldest ones (an older batch's expiry
 * night is never later), so expiring them keeps spending first in first out.
 */
export function planPointsExpiry(
  movements: readonly LedgerMovement[],
  sent: readonly SentExpiryWarning[],
  night: string,
  months: number,
  timeZone: string,
): PointsExpiryPlan {
  const batches = unspentBatches(movements, months, timeZone);
  const expire = batches
    .filter((batch) => {
      const expiresOn = batchExpiryNight(batch.expiryMonth, sent);
      return expiresOn !== null && expiresOn <= night;
    })
    .reduce((sum, batch) => sum + batch.points, 0);
  const thisMonth = monthOf(night);
  if (sent.some((warning) => monthOf(warning.sentNight) === thisMonth)) return { expire, warn: null };
  const due = batches.some(
    (batch) =>
      !sent.some((warning) => covers(warning, batch.expiryMonth)) &&
      (batch.expiryMonth < thisMonth || (batch.expiryMonth === thisMonth && warningNightOf(batch.expiryMonth) <= night)),
  );
  return { expire, warn: due ? thisMonth : null };
}

/** One line of a warning: `points` can be spent until the end of club night `lastNight`, and expire after it. */
export interface ExpiryNoticeLine {
  lastNight: string;
  points: number;
}

/**
 * What the warning of `month`, sent on club night `night`, tells the member: the points left in
 * every batch it covers and no earlier sent warning did, by the last night they can be spent
 * (its expiry night, postponed if the warning is late, minus one). Empty: nothing to tell, or a
 * warning already went out this month, so this one is not sent.
 */
export function pointsExpiryNotice(
  movements: readonly LedgerMovement[],
  sent: readonly SentExpiryWarning[],
  month: string,
  night: string,
  months: number,
  timeZone: string,
): ExpiryNoticeLine[] {
  if (sent.some((warning) => monthOf(warning.sentNight) === monthOf(night))) return [];
  const withThis = [...sent, { month, sentNight: night }];
  const lines = new Map<string, number>();
  for (const batch of unspentBatches(movements, months, timeZone)) {
    if (batch.expiryMonth > month || sent.some((warning) => covers(warning, batch.expiryMonth))) continue;
    const lastNight = addDays(batchExpiryNight(batch.expiryMonth, withThis)!, -1);
    lines.set(lastNight, (lines.get(lastNight) ?? 0) + batch.points);
  }
  return [...lines].sort(([a], [b]) => a.localeCompare(b)).map(([lastNight, points]) => ({ lastNight, points }));
}
