import { dateTimeFormat } from './intl-formats.js';

/**
 * The venue trades from the evening until early morning, so "tonight" is a club night that starts
 * at 06:00 venue time and ends at 06:00 the next morning. Dates are 'YYYY-MM-DD' strings of the
 * night's evening; instants are Date objects.
 */
export const CLUB_NIGHT_ROLLOVER_HOUR = 6;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Date.UTC for every year: Date.UTC maps years 0–99 to 1900–1999, so '0058-02-08' became 1958 and
 * failed every check (the overview answered 500 to it). setUTCFullYear takes the year as written.
 */
export function utcDate(year: number, monthIndex: number, day: number, hour = 0, minute = 0, second = 0): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  date.setUTCHours(hour, minute, second, 0);
  return date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = dateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts['year']!,
    month: parts['month']!,
    day: parts['day']!,
    hour: parts['hour']!,
    minute: parts['minute']!,
    second: parts['second']!,
  };
}

function offsetMs(instant: Date, timeZone: string): number {
  const wall = wallClockAt(instant, timeZone);
  const asUtc = utcDate(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second).getTime();
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant at which the venue's clocks show the given wall time (first match across DST). */
export function instantAtWallClock(date: string, hour: number, timeZone: string, minute = 0): Date {
  const [year, month, day] = parseDate(date);
  const naive = utcDate(year, month - 1, day, hour, minute).getTime();
  let guess = naive - offsetMs(new Date(naive), timeZone);
  guess = naive - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const check = utcDate(year, month - 1, day);
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

function parseDate(date: string): [number, number, number] {
  if (!isIsoDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return date.split('-').map(Number) as [number, number, number];
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = parseDate(date);
  return utcDate(year, month - 1, day + days)
    .toISOString()
    .slice(0, 10);
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * The last night each time zone's bounds were worked out for: every comment, claim and visit asks
 * which night it is, mostly tonight, and each answer worked out costs five `formatToParts` calls.
 * An instant inside the night's [start, end) belongs to that night.
 */
const lastNight = new Map<string, { night: string; start: number; end: number }>();

function knownNight(instant: Date, timeZone: string): { night: string; start: number; end: number } | undefined {
  const known = lastNight.get(timeZone);
  const at = instant.getTime();
  return known && at >= known.start && at < known.end ? known : undefined;
}

/** The club night an instant belongs to: before 06:00 venue time it is still the previous evening's. */
export function clubNightOf(instant: Date, timeZone: string): string {
  const known = knownNight(instant, timeZone);
  if (known) return known.night;
  const wall = wallClockAt(instant, timeZone);
  const calendarDate = `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
  return wall.hour < CLUB_NIGHT_ROLLOVER_HOUR ? addDays(calendarDate, -1) : calendarDate;
}

export function clubNightStart(date: string, timeZone: string): Date {
  return instantAtWallClock(date, CLUB_NIGHT_ROLLOVER_HOUR, timeZone);
}

/** The end of a club night: 06:00 venue time the morning after `date`. */
export function clubNightEnd(date: string, timeZone: string): Date {
  return instantAtWallClock(addDays(date, 1), CLUB_NIGHT_ROLLOVER_HOUR, timeZone);
}

export function clubNightBounds(instant: Date, timeZone: string): { night: string; start: Date; end: Date } {
  let known = knownNight(instant, timeZone);
  if (!known) {
    const night = clubNightOf(instant, timeZone);
    known = { night, start: clubNightStart(night, timeZone).getTime(), end: clubNightEnd(night, timeZone).getTime() };
    lastNight.set(timeZone, known);
  }
  return { night: known.night, start: new Date(known.start), end: new Date(known.end) };
}
