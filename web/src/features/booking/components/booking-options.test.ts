import { describe, expect, it } from '@jest/globals';
import { earliestBookingDate, timeOptionsFor } from './booking-options';

const SYD = 'Australia/Sydney';
const LON = 'Europe/London';
const values = (date: string, now: Date, ...zone: [string | undefined] | []) =>
  timeOptionsFor(date, zone.length ? zone[0] : SYD, now).map((option) => option.value);
// A Monday morning in Sydney and in London, well before any of the dates below.
const earlier = new Date('2026-11-16T09:00:00Z');

describe('timeOptionsFor', () => {
  it("offers no time while no date is picked: the times are a night's opening hours", () => {
    expect(values('', earlier)).toEqual([]);
  });

  it('opens at 20:00 Sunday to Wednesday and 19:00 Thursday to Saturday; after-midnight slots stay (close 04:00)', () => {
    const late = ['20:00', '21:00', '22:00', '23:00', '00:00', '01:00', '02:00'];
    expect(values('2026-11-22', earlier)).toEqual(late); // Sunday
    expect(values('2026-11-25', earlier)).toEqual(late); // Wednesday
    expect(values('2026-11-26', earlier)).toEqual(['19:00', ...late]); // Thursday
    expect(values('2026-11-28', earlier)).toEqual(['19:00', ...late]); // Saturday
    expect(values('2026-11-28', earlier)).not.toContain('18:00');
  });

  it("drops tonight's slots that have already started on the venue's clocks, not the browser's", () => {
    // 10:30 UTC on Friday 27 November: 21:30 in Sydney (UTC+11), 10:30 in London.
    const fridayEvening = new Date('2026-11-27T10:30:00Z');
    expect(values('2026-11-27', fridayEvening, SYD)).toEqual(['22:00', '23:00', '00:00', '01:00', '02:00']);
    expect(values('2026-11-27', fridayEvening, LON)).toEqual([
      '19:00',
      '20:00',
      '21:00',
      '22:00',
      '23:00',
      '00:00',
      '01:00',
      '02:00',
    ]);
  });

  it('after midnight, tonight is still the evening before: only the slots still ahead are offered', () => {
    // 01:30 on Saturday in Sydney is still Friday's club night.
    const small = new Date('2026-11-27T14:30:00Z');
    expect(values('2026-11-27', small, SYD)).toEqual(['02:00']);
    expect(values('2026-11-28', small, SYD)).toEqual(['19:00', '20:00', '21:00', '22:00', '23:00', '00:00', '01:00', '02:00']);
  });

  it("drops nothing while the venue's zone is not known (the api checks the date)", () => {
    expect(values('2026-11-27', new Date('2026-11-27T10:30:00Z'), undefined)).toEqual([
      '19:00',
      '20:00',
      '21:00',
      '22:00',
      '23:00',
      '00:00',
      '01:00',
      '02:00',
    ]);
  });
});

describe('earliestBookingDate', () => {
  it("is the venue's current club night, as the api's rule has it (clubNightOf(now, VENUE_TZ))", () => {
    // 23:30 UTC on Friday: already Saturday morning (10:30) in Sydney, still Friday evening in London.
    expect(earliestBookingDate(SYD, new Date('2026-11-27T23:30:00Z'))).toBe('2026-11-28');
    expect(earliestBookingDate(LON, new Date('2026-11-27T23:30:00Z'))).toBe('2026-11-27');
    // 03:00 on Saturday in London is still Friday's night there: Friday can be booked.
    expect(earliestBookingDate(LON, new Date('2026-11-28T03:00:00Z'))).toBe('2026-11-27');
    // In summer London is UTC+1: 05:30 UTC is 06:30 BST, the next night has begun.
    expect(earliestBookingDate(LON, new Date('2026-06-20T04:59:00Z'))).toBe('2026-06-19');
    expect(earliestBookingDate(LON, new Date('2026-06-20T05:30:00Z'))).toBe('2026-06-20');
  });
});
