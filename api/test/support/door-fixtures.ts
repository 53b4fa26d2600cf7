import { addDays, clubNightBounds, clubNightOf } from '@nocturne/domain';
import type { TestApp } from '@nocturne/testing';

/** A club night (YYYY-MM-DD) as door mode words it, "28 Nov": written here independently of the api's formatter. */
export function nightInWordsOf(night: string): string {
  const [, month, day] = night.split('-').map(Number) as [number, number, number];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${day} ${months[month - 1]}`;
}

/** Last club night in words: what a coupon valid until tonight's 06:00 says it expired on. */
export function lastNightInWords(t: TestApp): string {
  return nightInWordsOf(addDays(clubNightOf(new Date(), t.config.VENUE_TZ), -1));
}

/** Makes the coupon valid until the 06:00 that began tonight's club night: expired, last good on last night. */
export async function expireAtTonightsStart(t: TestApp, couponId: string): Promise<void> {
  const { start } = clubNightBounds(new Date(), t.config.VENUE_TZ);
  await t.sql.query('update coupons set valid_until = $2 where id = $1', [couponId, start]);
}
