import { addDays, clubNightEnd, clubNightStart, isIsoDate, utcDate } from './club-night.js';

/** How many club nights the admin overview charts: the night shown and the 7 before it. */
export const OVERVIEW_NIGHTS = 8;

export interface ClubNightSpan {
  /** The night's evening, YYYY-MM-DD. */
  night: string;
  start: Date;
  end: Date;
}

/**
 * The `count` club nights ending with `lastNight`, oldest first, each with its own instants: a
 * night is 23 or 25 hours long when daylight saving starts or ends in it, so the spans are not
 * multiples of 24 hours, and each starts where the one before ends.
 */
export function clubNightsEndingWith(lastNight: string, count: number, timeZone: string): ClubNightSpan[] {
  return Array.from({ length: count }, (_, index) => {
    const night = addDays(lastNight, index - count + 1);
    return { night, start: clubNightStart(night, timeZone), end: clubNightEnd(night, timeZone) };
  });
}

/**
 * The boundaries of consecutive nights as one ascending list (each night's start, then the last
 * night's end): an instant t falls in night i (from 1) when bounds[i-1] <= t < bounds[i], which is
 * what PostgreSQL's width_bucket(t, bounds) answers.
 */
export function nightBoundaries(nights: readonly ClubNightSpan[]): Date[] {
  return [...nights.map((span) => span.start), ...nights.slice(-1).map((span) => span.end)];
}

/**
 * The night of index (from 1) `bucket` a width_bucket over nightBoundaries answers, or undefined
 * for an instant before the first night (0) or after the last (nights.length + 1).
 */
export function nightOfBucket<T extends ClubNightSpan>(nights: readonly T[], bucket: number): T | undefined {
  return bucket >= 1 && bucket <= nights.length ? nights[bucket - 1] : undefined;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * "Fri 28 Nov": a night named by its evening, the same in any time zone and locale (the date is
 * already the venue's calendar date).
 */
export function clubNightLabel(night: string): string {
  if (!isIsoDate(night)) throw new RangeError(`Not a YYYY-MM-DD date: ${night}`);
  const [year, month, day] = night.split('-').map(Number) as [number, number, number];
  const weekday = utcDate(year, month - 1, day).getUTCDay();
  return `${WEEKDAYS[weekday]} ${day} ${MONTHS[month - 1]}`;
}
