import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db, type WalletPassKind } from '@nocturne/db';
import { sql } from 'kysely';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The wallet module's rows (wallet_passes, wallet_registrations) and what a pass shows, read
 * across the coupons, members and guest-list tables as a read model (a pass is a view of them).
 */
@Injectable()
export class WalletRepository {
  /**
   * The pass of a subject (`card:<member>`, `coupon:<user coupon>`), made now if it has none,
   * holding `tokenHash`: a pass handed out again gets a new token (the device re-registers with it).
   */
  async issuePass(em: EntityManager, pass: { memberId: string; kind: WalletPassKind; subject: string; tokenHash: string }) {
    return db(em)
      .insertInto('wallet_passes')
      .values({ member_id: pass.memberId, kind: pass.kind, subject: pass.subject, auth_token_hash: pass.tokenHash })
      .onConflict((conflict) => conflict.column('subject').doUpdateSet({ auth_token_hash: pass.tokenHash }))
      .returning(['id', 'updated_at'])
      .executeTakeFirstOrThrow();
  }

  async findPass(em: EntityManager, serialNumber: string) {
    if (!UUID.test(serialNumber)) return undefined;
    return db(em)
      .selectFrom('wallet_passes')
      .select(['id', 'member_id', 'kind', 'subject', 'auth_token_hash', 'updated_at'])
      .where('id', '=', serialNumber)
      .executeTakeFirst();
  }

  /** Registers the device for the pass; answers whether it was new. */
  async register(em: EntityManager, deviceLibraryId: string, passId: string, pushToken: string): Promise<boolean> {
    const row = await db(em)
      .insertInto('wallet_registrations')
      .values({ device_library_id: deviceLibraryId, pass_id: passId, push_token: pushToken })
      .onConflict((conflict) => conflict.columns(['device_library_id', 'pass_id']).doUpdateSet({ push_token: pushToken }))
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .executeTakeFirstOrThrow();
    return row.inserted;
  }

  async unregister(em: EntityManager, deviceLibraryId: string, passId: string): Promise<void> {
    await db(em)
      .deleteFrom('wallet_registrations')
      .where('device_library_id', '=', deviceLibraryId)
      .where('pass_id', '=', passId)
      .execute();
  }

  /**
   * The passes of a type registered on the device that changed after the tag (all when null),
   * each with its change time in microseconds since the epoch (the tags this service hands out).
   */
  async changedOnDevice(em: EntityManager, deviceLibraryId: string, sinceMicros: bigint | null) {
    const micros = sql<string>`(extract(epoch from p.updated_at) * 1000000)::bigint`;
    let query = db(em)
      .selectFrom('wallet_registrations as r')
      .innerJoin('wallet_passes as p', 'p.id', 'r.pass_id')
      .select(['p.id', micros.as('changed')])
      .where('r.device_library_id', '=', deviceLibraryId);
    if (sinceMicros !== null) query = query.where(micros, '>', sql<string>`${sinceMicros.toString()}::bigint`);
    return query.execute();
  }

  /** A member's claimed coupon as its pass shows it; undefined when it is not theirs. */
  async couponOf(em: EntityManager, memberId: string, userCouponId: string) {
    if (!UUID.test(userCouponId)) return undefined;
    return db(em)
      .selectFrom('user_coupons as uc')
      .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
      .select([
        'uc.id',
        'uc.short_code',
        'uc.redeemed_at',
        'c.id as coupon_id',
        'c.title',
        'c.description',
        'c.type',
        'c.value',
        'c.valid_until',
      ])
      .where('uc.id', '=', userCouponId)
      .where('uc.member_id', '=', memberId)
      .executeTakeFirst();
  }

  /** What a card pass shows of its member; undefined for an account deleted or disabled. */
  async memberOf(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('members')
      .select(['id', 'first_name', 'last_name', 'current_points', 'member_tier', 'created_at'])
      .where('id', '=', memberId)
      .where('deleted_at', 'is', null)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * The member's guest-list entries on published events' nights from `fromNight` on, soonest
   * first, with what the card's guest-list line shows (read across the events module's tables).
   */
  async guestListEntries(em: EntityManager, memberId: string, fromNight: string) {
    return db(em)
      .selectFrom('guest_list_entries as g')
      .innerJoin('events as e', 'e.id', 'g.event_id')
      .select(['g.night', 'g.plus_ones', 'e.venue_id', 'e.last_entry', 'e.list_free_until'])
      .where('g.member_id', '=', memberId)
      .where('g.night', '>=', fromNight)
      .where('e.status', '=', 'published')
      .orderBy('g.night')
      .orderBy('e.doors_open')
      .limit(10)
      .execute();
  }
}
