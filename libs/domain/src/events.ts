import { weekdayOf } from './booking-night.js';
import { addDays, CLUB_NIGHT_ROLLOVER_HOUR, clubNightOf, instantAtWallClock, isIsoDate, wallClockAt } from './club-night.js';
import type { Tier } from './tiers.js';
import { dateTimeFormat, numberFormat } from './intl-formats.js';

/**
 * A club night sold as an event (PRODUCT.md §Events): its date is the night's evening (the club
 * night that begins at 06:00 venue time), and its times are venue wall-clock times in the night's
 * order: 22:00 is that evening, 03:00 is the next morning.
 */
export const EVENT_STATUSES = ['draft', 'published'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** 'HH:MM', 24-hour, as a manager types a door time. */
export const WALL_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** How many weeks of a weekly event the site lists ahead. */
export const EVENT_WEEKS_AHEAD = 8;

/** Plus-ones a tier brings to a guest list until a manager changes them (a tier benefit). */
export const DEFAULT_GUEST_LIST_PLUS_ONES: Record<Tier, number> = { bronze: 0, silver: 1, gold: 2, platinum: 3 };
export const MAX_PLUS_ONES = 10;

function minutesOf(time: string): number {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return hour * 60 + minute;
}

/** Minutes since the night began (06:00): 22:00 is 960, 03:00 is 1260. */
export function nightMinutes(time: string): number {
  return (minutesOf(time) - CLUB_NIGHT_ROLLOVER_HOUR * 60 + 24 * 60) % (24 * 60);
}

/**
 * The instant a venue wall-clock time of a club night happens: before 06:00 it is the next
 * morning's. Across a daylight-saving change the venue's offset that morning applies; a time
 * the clocks skip (02:30 the night clocks go forward) lands an hour later, a time they show
 * twice (02:30 the night they go back) lands on its first.
 */
export function nightInstant(night: string, time: string, timeZone: string): Date {
  const minutes = minutesOf(time);
  const date = minutes < CLUB_NIGHT_ROLLOVER_HOUR * 60 ? addDays(night, 1) : night;
  const at = instantAtWallClock(date, Math.floor(minutes / 60), timeZone, minutes % 60);
  // A time the clocks show twice: the first of the two (an hour earlier shows the same wall time).
  const earlier = new Date(at.getTime() - 3_600_000);
  const [shown, earlierShown] = [wallClockAt(at, timeZone), wallClockAt(earlier, timeZone)];
  const same = shown.day === earlierShown.day && shown.hour === earlierShown.hour && shown.minute === earlierShown.minute;
  return same ? earlier : at;
}

export interface EventTimes {
  doorsOpen: string;
  lastEntry: string;
  /** Free entry for the guest list until then (null: no free entry). */
  freeUntil?: string | null;
  /** Guest-list sign-ups close then (null: at last entry). */
  listCutoff?: string | null;
}

/** The first thing wrong with an event's times, for a 400 naming the field; null when they fit the night. */
export function eventTimesProblem(times: EventTimes): { path: string; message: string } | null {
  for (const field of ['doorsOpen', 'lastEntry', 'freeUntil', 'listCutoff'] as const) {
    const value = times[field];
    if (value != null && !WALL_TIME_PATTERN.test(value)) return { path: field, message: 'Must be a time such as 22:00' };
  }
  const doors = nightMinutes(times.doorsOpen);
  const last = nightMinutes(times.lastEntry);
  if (last <= doors) return { path: 'lastEntry', message: 'Last entry must be after doors open, before 06:00 the next morning' };
  if (times.freeUntil != null) {
    const free = nightMinutes(times.freeUntil);
    if (free < doors || free > last)
      return { path: 'freeUntil', message: 'Free entry must end between doors open and last entry' };
  }
  if (times.listCutoff != null && nightMinutes(times.listCutoff) > last) {
    return { path: 'listCutoff', message: 'The guest list must close by last entry' };
  }
  return null;
}

export interface EventSchedule {
  /** The first (or only) night, YYYY-MM-DD. */
  night: string;
  repeatsWeekly: boolean;
  /** The last night a weekly event runs (null: until it is changed). */
  repeatUntil: string | null;
}

/** Whether the event runs on `night`. */
export function runsOn(schedule: EventSchedule, night: string): boolean {
  if (night === schedule.night) return true;
  if (!schedule.repeatsWeekly || night < schedule.night) return false;
  if (schedule.repeatUntil !== null && night > schedule.repeatUntil) return false;
  return weekdayOf(night) === weekdayOf(schedule.night);
}

/** The event's nights from `fromNight` on (that night included), at most `count`. */
export function eventNights(schedule: EventSchedule, fromNight: string, count: number): string[] {
  if (!schedule.repeatsWeekly) return schedule.night >= fromNight && count > 0 ? [schedule.night] : [];
  let night = schedule.night;
  if (night < fromNight) {
    const daysBehind = Math.round((Date.parse(fromNight) - Date.parse(night)) / 86_400_000);
    night = addDays(night, Math.ceil(daysBehind / 7) * 7);
  }
  const nights: string[] = [];
  while (nights.length < count && (schedule.repeatUntil === null || night <= schedule.repeatUntil)) {
    nights.push(night);
    night = addDays(night, 7);
  }
  return nights;
}

/** The event's coming nights as of `now`: tonight's club night while it lasts, then the next ones. */
export function comingNights(schedule: EventSchedule, now: Date, timeZone: string, count = EVENT_WEEKS_AHEAD): string[] {
  return eventNights(schedule, clubNightOf(now, timeZone), count);
}

export function eventScheduleProblem(schedule: EventSchedule): { path: string; message: string } | null {
  if (!isIsoDate(schedule.night)) return { path: 'night', message: 'Must be a date (YYYY-MM-DD)' };
  if (schedule.repeatUntil !== null) {
    if (!schedule.repeatsWeekly) return { path: 'repeatUntil', message: 'Only a weekly event has a last night' };
    if (!isIsoDate(schedule.repeatUntil)) return { path: 'repeatUntil', message: 'Must be a date (YYYY-MM-DD)' };
    if (schedule.repeatUntil < schedule.night)
      return { path: 'repeatUntil', message: 'The last night must not be before the first' };
  }
  return null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as schema.org and calendars want it in the venue's zone: `2026-12-05T22:00:00+11:00`. */
export function isoInZone(instant: Date, timeZone: string): string {
  const wall = wallClockAt(instant, timeZone);
  const local = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const offset = Math.round((local - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${String(wall.year).padStart(4, '0')}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** An entry price as people read it: "Free", "$25", "$12.50". */
export function priceLabel(cents: number, currency: string): string {
  if (cents === 0) return 'Free';
  return numberFormat('en-AU', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

/** A night as a heading reads it: "Sat 5 Dec 2026". */
export function eventNightLabel(night: string): string {
  const [year, month, day] = night.split('-').map(Number) as [number, number, number];
  return dateTimeFormat('en-AU', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(Date.UTC(year, month - 1, day)))
    .replace(/,/g, '');
}

/** A URL-safe slug from a title: "Deep House Fridays!" → "deep-house-fridays". */
export function eventSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'night';
}

/** What door mode says of a member's guest-list entry as the card is scanned. */
export function guestListDoorWords(
  entry: { plusOnes: number; freeUntil: string | null },
  now: Date,
  freeEndsAt: Date | null,
): string {
  const party = entry.plusOnes > 0 ? ` +${entry.plusOnes}` : '';
  if (entry.freeUntil === null || freeEndsAt === null) return `On the guest list${party}`;
  if (now.getTime() >= freeEndsAt.getTime()) return `On the list: free entry ended ${entry.freeUntil}`;
  return `On the guest list${party} (free until ${entry.freeUntil})`;
}

/** A manager's rule: `noShows` no-shows within `withinDays` days pause list sign-ups for `pauseDays` days. */
export interface NoShowRule {
  noShows: number;
  withinDays: number;
  pauseDays: number;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const countWords = (count: number, noun: string) => `${NUMBER_WORDS[count] ?? String(count)} ${noun}${count === 1 ? '' : 's'}`;

/** The rule as the member reads it before signing up. */
export function noShowRuleWords(rule: NoShowRule): string {
  const first = countWords(rule.noShows, 'no-show');
  return (
    `${first.charAt(0).toUpperCase()}${first.slice(1)} within ${rule.withinDays} days ` +
    `pause${rule.noShows === 1 ? 's' : ''} your guest-list sign-ups for ${rule.pauseDays} days.`
  );
}

/**
 * Until when a member's sign-ups are paused (null: they are not): `noShowEnds` are the ends of the
 * nights they were on a list and did not come. The rule counts those within `withinDays` of the
 * latest; the pause runs `pauseDays` from that latest night's end.
 */
export function signUpsPausedUntil(noShowEnds: readonly Date[], rule: NoShowRule | null, now: Date): Date | null {
  if (!rule || noShowEnds.length === 0) return null;
  const sorted = [...noShowEnds].map((at) => at.getTime()).sort((a, b) => b - a);
  const latest = sorted[0]!;
  const windowStart = latest - rule.withinDays * 86_400_000;
  const counted = sorted.filter((at) => at > windowStart).length;
  if (counted < rule.noShows) return null;
  const until = latest + rule.pauseDays * 86_400_000;
  return until > now.getTime() ? new Date(until) : null;
}
