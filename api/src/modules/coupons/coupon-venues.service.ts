import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { VenueDirectory } from '#modules/venues/venues.public.js';
import { CouponFailure } from './coupon-failure.js';

/**
 * The venues a coupon is for (coupon_venues): none, the whole group's; with rows, only those
 * venues' doors redeem it. Staff choose them in the coupon editor; members see the names.
 */
@Injectable()
export class CouponVenues {
  constructor(private readonly venues: VenueDirectory) {}

  /** Each coupon's venue ids (coupons for the whole group are absent). */
  async of(em: EntityManager, couponIds: readonly string[]): Promise<Map<string, number[]>> {
    const chosen = new Map<string, number[]>();
    if (couponIds.length === 0) return chosen;
    const rows = await db(em)
      .selectFrom('coupon_venues')
      .select(['coupon_id', 'venue_id'])
      .where('coupon_id', 'in', [...couponIds])
      .orderBy('venue_id')
      .execute();
    for (const row of rows) chosen.set(row.coupon_id, [...(chosen.get(row.coupon_id) ?? []), row.venue_id]);
    return chosen;
  }

  /** Replaces a coupon's venues (none: the whole group); unknown or archived venues are refused in words. */
  async set(tx: EntityManager, couponId: string, venueIds: readonly number[]): Promise<number[]> {
    const ids = [...new Set(venueIds)].sort((a, b) => a - b);
    for (const id of ids) {
      const venue = await this.venues.get(id);
      const message = !venue ? `No venue ${id}` : venue.archived ? `${venue.name} is archived` : null;
      if (message) throw new CouponFailure('invalid', message, { issues: [{ path: 'venueIds', message }] });
    }
    await db(tx).deleteFrom('coupon_venues').where('coupon_id', '=', couponId).execute();
    if (ids.length > 0)
      await db(tx)
        .insertInto('coupon_venues')
        .values(ids.map((venueId) => ({ coupon_id: couponId, venue_id: venueId })))
        .execute();
    return ids;
  }

  /** What names the venues members see for a venue-only coupon (its venue ids as its row has them); none for a group coupon. */
  async namer(): Promise<(venueIds: readonly number[]) => string[] | undefined> {
    const names = await this.venues.namer();
    return (venueIds) => (venueIds.length > 0 ? names(venueIds) : undefined);
  }
}
