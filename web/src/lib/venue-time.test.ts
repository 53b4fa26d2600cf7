import { describe, expect, it } from '@jest/globals';
import { formatBookingSlot, formatVenueClock, formatVenueDate, formatVenueDateTime } from './venue-time';

const NOW = new Date('2026-11-24T09:00:00Z');

describe('venue times', () => {
  it("shows an instant as the venue's clocks did, whatever the browser's zone", () => {
    // 11:30 UTC on 28 November is 22:30 in Sydney (daylight time, +11).
    expect(formatVenueDateTime('2026-11-28T11:30:00.000Z', 'Australia/Sydney', NOW)).toBe('Sat 28 Nov, 22:30');
    expect(formatVenueDateTime('2026-11-28T11:30:00.000Z', 'Europe/London', NOW)).toBe('Sat 28 Nov, 11:30');
    // Past midnight there, the date moves on.
    expect(formatVenueDateTime('2026-11-28T14:05:00.000Z', 'Australia/Sydney', NOW)).toBe('Sun 29 Nov, 01:05');
  });

  it('gives the clock alone (24-hour) for an instant today at the venue, the day too otherwise', () => {
    // NOW is 20:00 on 24 November in Sydney; 10:05 UTC that day is 21:05 there.
    expect(formatVenueClock('2026-11-24T10:05:00.000Z', 'Australia/Sydney', NOW)).toBe('21:05');
    expect(formatVenueClock('2026-11-24T02:00:00.000Z', 'Australia/Sydney', NOW)).toBe('13:00');
    // 13:30 UTC is 00:30 on the 25th in Sydney: another day there, so the day is named.
    expect(formatVenueClock('2026-11-24T13:30:00.000Z', 'Australia/Sydney', NOW)).toBe('Wed 25 Nov, 00:30');
    expect(formatVenueClock('2026-11-23T10:05:00.000Z', 'Australia/Sydney', NOW)).toBe('Mon 23 Nov, 21:05');
  });

  it('names the year only when it is not this year at the venue', () => {
    expect(formatVenueDateTime('2025-06-01T10:00:00.000Z', 'Australia/Sydney', NOW)).toBe('Sun 1 Jun 2025, 20:00');
    expect(formatVenueDate('2027-01-02', NOW)).toBe('Sat 2 Jan 2027');
  });

  it("gives a booking's night and slot, after-midnight slots as part of that night", () => {
    expect(formatBookingSlot('2026-11-27', '22:00', NOW)).toBe('Fri 27 Nov, 22:00');
    expect(formatBookingSlot('2026-11-27', '01:00', NOW)).toBe('Fri 27 Nov, 01:00 (after midnight)');
    expect(formatBookingSlot('2026-11-27', null, NOW)).toBe('Fri 27 Nov');
    expect(formatBookingSlot(null, '23:00', NOW)).toBe('No date given, 23:00');
    expect(formatBookingSlot(null, null, NOW)).toBe('No date given');
  });
});
