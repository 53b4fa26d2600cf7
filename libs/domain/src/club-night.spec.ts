import { addDays, clubNightBounds, clubNightEnd, clubNightOf, isIsoDate, utcDate, wallClockAt } from './club-night.js';

const SYD = 'Australia/Sydney';

describe('club night', () => {
  // Security review L1: Date.UTC reads years 0–99 as 1900–1999.
  it('takes years 0–99 as written', () => {
    expect(isIsoDate('0058-02-08')).toBe(true);
    expect(isIsoDate('0058-02-29')).toBe(false);
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(utcDate(58, 1, 8).toISOString()).toBe('0058-02-08T00:00:00.000Z');
    expect(utcDate(2026, 10, 26, 23, 5, 9).toISOString()).toBe('2026-11-26T23:05:09.000Z');
  });

  // 2026-06-20 is winter in Sydney: UTC+10.
  it('rolls over at 06:00 venue time, not at midnight', () => {
    expect(clubNightOf(new Date('2026-06-20T19:59:59Z'), SYD)).toBe('2026-06-20'); // 05:59:59 on the 21st
    expect(clubNightOf(new Date('2026-06-20T20:00:00Z'), SYD)).toBe('2026-06-21'); // 06:00 on the 21st
    expect(clubNightOf(new Date('2026-06-20T14:30:00Z'), SYD)).toBe('2026-06-20'); // 00:30 on the 21st
  });

  it('ends a night at 06:00 the next morning, venue time', () => {
    expect(clubNightEnd('2026-06-20', SYD).toISOString()).toBe('2026-06-20T20:00:00.000Z');
    // Summer (UTC+11).
    expect(clubNightEnd('2026-01-10', SYD).toISOString()).toBe('2026-01-10T19:00:00.000Z');
  });

  it('handles the night daylight saving starts (4 Oct 2026, 02:00 → 03:00)', () => {
    // The night of Saturday 3 Oct starts at 06:00 AEST (UTC+10) and ends at 06:00 AEDT (UTC+11): 23 hours.
    const { start, end } = clubNightBounds(new Date('2026-10-03T15:00:00Z'), SYD);
    expect(start.toISOString()).toBe('2026-10-02T20:00:00.000Z');
    expect(end.toISOString()).toBe('2026-10-03T19:00:00.000Z');
    expect(clubNightOf(new Date('2026-10-03T18:59:59Z'), SYD)).toBe('2026-10-03'); // 05:59:59 AEDT
    expect(clubNightOf(new Date('2026-10-03T19:00:00Z'), SYD)).toBe('2026-10-04'); // 06:00 AEDT
  });

  it('handles the night daylight saving ends (5 Apr 2026, 03:00 → 02:00)', () => {
    // The night of Saturday 4 Apr is 25 hours long.
    const { start, end } = clubNightBounds(new Date('2026-04-04T14:00:00Z'), SYD);
    expect(start.toISOString()).toBe('2026-04-03T19:00:00.000Z');
    expect(end.toISOString()).toBe('2026-04-04T20:00:00.000Z');
    expect(end.getTime() - start.getTime()).toBe(25 * 3600_000);
    expect(clubNightOf(new Date('2026-04-04T19:59:59Z'), SYD)).toBe('2026-04-04'); // 05:59:59 AEST
    expect(clubNightOf(new Date('2026-04-04T20:00:00Z'), SYD)).toBe('2026-04-05');
  });

  // The night last worked out is remembered per time zone; an answer from memory must be the one
  // the venue's wall clock gives, at every instant, across both daylight saving changes, with
  // several time zones asking in turn and instants going back and forth across 06:00.
  it('answers every instant of a year as the wall clock does, from memory or not', () => {
    const zones = [SYD, 'America/New_York', 'Europe/London', 'Asia/Kolkata'];
    const pad = (n: number) => String(n).padStart(2, '0');
    const wallNight = (instant: Date, zone: string) => {
      const wall = wallClockAt(instant, zone);
      const date = `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
      return wall.hour < 6 ? addDays(date, -1) : date;
    };
    const from = Date.parse('2026-01-01T00:00:00Z');
    const wrong: string[] = [];
    let checked = 0;
    for (let at = from; at < from + 366 * 86_400_000; at += 97 * 60_000) {
      // Each step also goes back across the last rollover, as a late request would.
      for (const instant of [new Date(at), new Date(at - 7 * 3600_000), new Date(at)]) {
        for (const zone of zones) {
          const night = wallNight(instant, zone);
          const bounds = clubNightBounds(instant, zone);
          const start = wallClockAt(bounds.start, zone);
          const right =
            clubNightOf(instant, zone) === night &&
            bounds.night === night &&
            instant >= bounds.start &&
            instant < bounds.end &&
            start.hour === 6 &&
            start.minute === 0 &&
            start.second === 0 &&
            wallNight(bounds.start, zone) === night &&
            wallNight(new Date(bounds.end.getTime() - 1), zone) === night;
          if (!right) wrong.push(`${instant.toISOString()} ${zone}`);
          checked += 1;
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(20_000);
  });

  it('validates and shifts calendar dates', () => {
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
