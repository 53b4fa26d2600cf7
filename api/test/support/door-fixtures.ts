import { addDays, clubNightBounds, clubNightOf } from '@nocturne/domain';
import type { TestApp } from '@nocturne/testing';
import type pg from 'pg';

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

/**
 * Takes a transaction-scoped advisory lock the api's door code takes (a member's visits, an
 * account's typed codes) on a connection of the test's own, as another door mid-way through its
 * check would hold it, until `release`.
 */
export async function holdDoorLock(pool: pg.Pool, key: string): Promise<{ release(): Promise<void> }> {
  const otherDoor = await pool.connect();
  let held = true;
  try {
    await otherDoor.query('begin');
    await otherDoor.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
  } catch (error) {
    otherDoor.release();
    throw error;
  }
  return {
    async release() {
      if (!held) return;
      held = false;
      await otherDoor.query('rollback').catch(() => undefined);
      otherDoor.release();
    },
  };
}
