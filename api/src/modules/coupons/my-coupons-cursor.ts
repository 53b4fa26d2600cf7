/**
 * My Coupons is ordered held first (not redeemed), then redeemed, each newest claim first, with
 * the id breaking ties. A cursor carries the last coupon's position, its claim instant with
 * PostgreSQL's microseconds (a JS Date would round them away and repeat or skip coupons), encoded
 * base64url so clients treat it as opaque.
 */
export interface MyCouponsPosition {
  held: boolean;
  /** ISO-8601 instant with microseconds, UTC: 2026-11-21T22:28:08.123456Z */
  claimedAt: string;
  id: string;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeMyCouponsCursor(position: MyCouponsPosition): string {
  return Buffer.from(`${position.held ? 'h' : 'r'}|${position.claimedAt}|${position.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names, or null when it is not one this api wrote. */
export function decodeMyCouponsCursor(cursor: string): MyCouponsPosition | null {
  if (!/^[\w-]+$/.test(cursor)) return null;
  const [held, claimedAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length || (held !== 'h' && held !== 'r') || !claimedAt || !id || !INSTANT.test(claimedAt) || !UUID.test(id))
    return null;
  if (Number.isNaN(Date.parse(claimedAt))) return null;
  return { held: held === 'h', claimedAt, id };
}
