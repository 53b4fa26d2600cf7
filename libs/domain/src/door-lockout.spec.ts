import {
  ACCOUNT_MISSES_PER_DAY,
  ACCOUNT_MISSES_PER_15_MIN,
  countdownText,
  TYPED_MISS_WINDOW_MS,
  typedLockoutMessage,
  typedMissWaitMs,
} from './door-lockout.js';

describe('wrong typed codes at the door', () => {
  it('cost a phone nothing for ten, then 1, 2, 4, 8 minutes, then the whole window each', () => {
    expect([1, 5, 10].map(typedMissWaitMs)).toEqual([0, 0, 0]);
    expect([11, 12, 13, 14].map((n) => typedMissWaitMs(n) / 60_000)).toEqual([1, 2, 4, 8]);
    expect([15, 16, 40, 10_000].map(typedMissWaitMs)).toEqual(Array(4).fill(TYPED_MISS_WINDOW_MS));
  });

  it("keep an account's day at most what one account could try before phones counted (10 per 15 minutes)", () => {
    expect(ACCOUNT_MISSES_PER_DAY).toBe(10 * 4 * 24);
    expect(ACCOUNT_MISSES_PER_15_MIN).toBeLessThan(ACCOUNT_MISSES_PER_DAY);
  });

  it('name the wait in words, a countdown of whole seconds', () => {
    expect(typedLockoutMessage(42, 'device')).toBe('Too many wrong codes: typing again in 0:42');
    expect(typedLockoutMessage(812, 'account')).toBe('Too many wrong codes from this account: typing again in 13:32');
    expect([0, 59.2, 60, 900].map(countdownText)).toEqual(['0:00', '1:00', '1:00', '15:00']);
  });
});
