import { clubNightOf } from './club-night.js';
import { clubNightLabel, clubNightsEndingWith, nightBoundaries, nightOfBucket } from './club-night-week.js';

const SYD = 'Australia/Sydney';
const HOUR = 3600_000;

/** What width_bucket(t, bounds) answers in PostgreSQL, for checking the boundaries here. */
function widthBucket(instant: Date, bounds: Date[]): number {
  return bounds.filter((bound) => bound.getTime() <= instant.getTime()).length;
}

describe('club nights of the overview', () => {
  it('lists the nights ending with the one asked for, oldest first, each starting where the last ended', () => {
    const nights = clubNightsEndingWith('2026-11-28', 8, SYD);
    expect(nights.map((span) => span.night)).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    // Summer in Sydney (UTC+11): 06:00 is 19:00 UTC the day before.
    expect(nights[7]!.start.toISOString()).toBe('2026-11-27T19:00:00.000Z');
    expect(nights[7]!.end.toISOString()).toBe('2026-11-28T19:00:00.000Z');
    for (let i = 1; i < nights.length; i += 1) expect(nights[i]!.start).toEqual(nights[i - 1]!.end);
  });

  it('keeps the 23-hour and 25-hour nights of daylight saving whole', () => {
    const autumn = clubNightsEndingWith('2026-04-05', 3, SYD);
    expect(autumn.map((span) => (span.end.getTime() - span.start.getTime()) / HOUR)).toEqual([24, 25, 24]);
    const spring = clubNightsEndingWith('2026-10-04', 3, SYD);
    expect(spring.map((span) => (span.end.getTime() - span.start.getTime()) / HOUR)).toEqual([24, 23, 24]);
  });

  it('puts 05:59 and 06:00 venue time in different nights, as clubNightOf does', () => {
    const nights = clubNightsEndingWith('2026-04-05', 3, SYD);
    const bounds = nightBoundaries(nights);
    expect(bounds).toHaveLength(4);
    // 05:59:59 AEST on Sunday 5 April (after the clocks went back) and 06:00 a second later.
    for (const iso of ['2026-04-04T19:59:59Z', '2026-04-04T20:00:00Z', '2026-04-04T15:30:00Z', '2026-04-03T19:00:00Z']) {
      const instant = new Date(iso);
      expect(nightOfBucket(nights, widthBucket(instant, bounds))?.night).toBe(clubNightOf(instant, SYD));
    }
    expect(nightOfBucket(nights, widthBucket(new Date('2026-04-02T18:59:59Z'), bounds))).toBeUndefined();
    expect(nightOfBucket(nights, widthBucket(nights[2]!.end, bounds))).toBeUndefined();
  });

  it('names a night by its evening', () => {
    expect(clubNightLabel('2026-11-28')).toBe('Sat 28 Nov');
    expect(clubNightLabel('2026-04-04')).toBe('Sat 4 Apr');
    expect(clubNightLabel('2027-01-01')).toBe('Fri 1 Jan');
    expect(() => clubNightLabel('2026-02-30')).toThrow(RangeError);
  });
});
