import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';

/** What the worker keeps of Apple Wallet passes: when they changed, and the devices to tell. */
@Injectable()
export class WalletRepository {
  /**
   * Marks the member's card pass (and the coupon's pass, when named) changed now, the time the
   * web service's tags and Last-Modified report; answers the push tokens of the devices
   * registered for them, once each.
   */
  async touchPasses(em: EntityManager, memberId: string, userCouponId: string | undefined): Promise<string[]> {
    const k = db(em);
    const subjects = userCouponId === undefined ? [`card:${memberId}`] : [`card:${memberId}`, `coupon:${userCouponId}`];
    const touched = await k
      .updateTable('wallet_passes')
      // Never back in time: a tag handed out must stay below every later change.
      .set({ updated_at: sql<Date>`greatest(now(), updated_at + interval '1 millisecond')` })
      .where('member_id', '=', memberId)
      .where('subject', 'in', subjects)
      .returning('id')
      .execute();
    if (touched.length === 0) return [];
    const rows = await k
      .selectFrom('wallet_registrations')
      .select('push_token')
      .distinct()
      .where(
        'pass_id',
        'in',
        touched.map((row) => row.id),
      )
      .execute();
    return rows.map((row) => row.push_token);
  }

  /**
   * Guest-list entries of nights from `fromNight` to `toNight` whose member has a Wallet card pass,
   * with when the night's last entry is (the event's time) and its venue's zone (null: VENUE_TZ, the first venue's).
   */
  guestListCards(
    em: EntityManager,
    fromNight: string,
    toNight: string,
  ): Promise<{ id: string; member_id: string; night: string; last_entry: string; time_zone: string | null }[]> {
    return db(em)
      .selectFrom('guest_list_entries as g')
      .innerJoin('events as e', 'e.id', 'g.event_id')
      .innerJoin('venues as v', 'v.id', 'e.venue_id')
      .innerJoin('wallet_passes as p', (join) =>
        join.onRef('p.member_id', '=', 'g.member_id').on('p.subject', '=', sql<string>`'card:' || g.member_id`),
      )
      .select(['g.id', 'p.member_id', sql<string>`g.night::text`.as('night'), 'e.last_entry', 'v.time_zone'])
      .where('g.night', '>=', fromNight)
      .where('g.night', '<=', toNight)
      .execute() as Promise<{ id: string; member_id: string; night: string; last_entry: string; time_zone: string | null }[]>;
  }

  /** APNs said the device token is no longer valid for the topic (410): forget its registrations. */
  async dropPushToken(em: EntityManager, pushToken: string): Promise<void> {
    await db(em).deleteFrom('wallet_registrations').where('push_token', '=', pushToken).execute();
  }
}
