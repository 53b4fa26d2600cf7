import { isoTimestamp, isoTimestampOrNull } from './timestamps.js';

describe('isoTimestamp', () => {
  it('rewrites what PostgreSQL prints in a UTC session exactly as Date would, for 0 to 6 fractional digits', () => {
    for (const text of [
      '2026-11-22 02:33:12+00',
      '2026-11-22 02:33:12.1+00',
      '2026-11-22 02:33:12.12+00',
      '2026-11-22 02:33:12.123+00',
      '2026-11-22 02:33:12.1239+00',
      '2026-11-22 23:59:59.999999+00',
      '2024-02-29 00:00:00.000001+00',
    ]) {
      expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
    }
    expect(isoTimestamp('2026-11-22 02:33:12.123456+00')).toBe('2026-11-22T02:33:12.123Z');
  });

  it('converts other offsets, ISO strings and Dates through Date (still UTC)', () => {
    expect(isoTimestamp('2026-11-22 03:33:12.5+01')).toBe('2026-11-22T02:33:12.500Z');
    expect(isoTimestamp('2026-11-22 08:03:12.5+05:30')).toBe('2026-11-22T02:33:12.500Z');
    expect(isoTimestamp('2026-11-22T02:33:12.123Z')).toBe('2026-11-22T02:33:12.123Z');
    expect(isoTimestamp(new Date(Date.UTC(2026, 10, 22, 2, 33, 12, 7)))).toBe('2026-11-22T02:33:12.007Z');
  });

  it('refuses what is not a timestamp instead of inventing one', () => {
    expect(() => isoTimestamp('not a time')).toThrow(RangeError);
  });

  it('keeps null and undefined as null', () => {
    expect(isoTimestampOrNull(null)).toBeNull();
    expect(isoTimestampOrNull(undefined)).toBeNull();
    expect(isoTimestampOrNull('2026-11-22 02:33:12+00')).toBe('2026-11-22T02:33:12.000Z');
  });
});
