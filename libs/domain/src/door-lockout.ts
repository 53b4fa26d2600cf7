/**
 * Wrong typed codes at the door (PRODUCT.md §9, docs/SECURITY.md "Typed codes at the door").
 * Short codes are 55 bits: a person at a door cannot guess one, a script with a stolen staff
 * session could try at machine speed. So misses are limited per door device (the phone's own id),
 * never per shared account: one phone's typos slow that phone's typing only, and a QR's 256-bit
 * token is never limited. Above the devices, an account's ceiling keeps a script that makes up a
 * new device id for every guess to no more guesses a day than one account could make before
 * devices counted.
 */

/** A device's free misses in its window: a door's odd typo never waits. */
export const TYPED_MISSES_FREE = 10;
/** A device's misses are forgotten this long after its last one. */
export const TYPED_MISS_WINDOW_MS = 15 * 60_000;
/** The first wait past the free misses; each further miss doubles it, up to the window. */
export const TYPED_FIRST_WAIT_MS = 60_000;
/** Per account, whatever device ids it sends: misses in 15 minutes (five busy doors' free misses). */
export const ACCOUNT_MISSES_PER_15_MIN = 50;
/** Per account, in 24 hours: 10 per 15 minutes around the clock, the most one account could ever try before. */
export const ACCOUNT_MISSES_PER_DAY = 960;

/**
 * How long a device waits after its n-th miss in the window (1-based): nothing for the first
 * TYPED_MISSES_FREE, then 1, 2, 4, 8 minutes, then the whole window for every further miss.
 */
export function typedMissWaitMs(missesInWindow: number): number {
  const over = missesInWindow - TYPED_MISSES_FREE;
  if (over <= 0) return 0;
  return Math.min(TYPED_MISS_WINDOW_MS, TYPED_FIRST_WAIT_MS * 2 ** Math.min(over - 1, 10));
}

/** Seconds as a countdown: 75 → "1:15". */
export function countdownText(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Who is waiting: this device, or every device of the account (its ceiling was reached). */
export type TypedLockoutScope = 'device' | 'account';

/** The words of a refused typed code: "Too many wrong codes: typing again in 0:42". */
export function typedLockoutMessage(waitSeconds: number, scope: TypedLockoutScope): string {
  const who = scope === 'account' ? ' from this account' : '';
  return `Too many wrong codes${who}: typing again in ${countdownText(waitSeconds)}`;
}
