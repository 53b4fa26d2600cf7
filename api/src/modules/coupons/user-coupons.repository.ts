import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db, PreparedQuery, type RedeemedBy } from '@nocturne/db';
import { sql } from 'kysely';
import { couponUsableSql } from './claim-rules.js';
import { now, selectUserCoupon, UUID_PATTERN } from './coupon-rows.js';
import type { MyCouponsPosition } from './my-coupons-cursor.js';

export type UserCouponView = NonNullable<Awaited<ReturnType<UserCouponsRepository['findUserCoupon']>>>;

/*
 * A user coupon is read by id or short code on every redemption and door check, and redeemed
 * while its row lock is held: those statements are compiled once (PreparedQuery).
 */

const userCouponById = {
  anyOwner: new PreparedQuery((kysely, id: string) => selectUserCoupon(kysely).where('uc.id', '=', id)),
  anyOwnerLocked: new PreparedQuery((kysely, id: string) => selectUserCoupon(kysely).where('uc.id', '=', id).forUpdate('uc')),
  owner: new PreparedQuery((kysely, id: string, memberId: string) =>
    selectUserCoupon(kysely).where('uc.id', '=', id).where('uc.member_id', '=', memberId),
  ),
  ownerLocked: new PreparedQuery((kysely, id: string, memberId: string) =>
    selectUserCoupon(kysely).where('uc.id', '=', id).where('uc.member_id', '=', memberId).forUpdate('uc'),
  ),
};

const userCouponByShortCode = {
  plain: new PreparedQuery((kysely, code: string) => selectUserCoupon(kysely).where('uc.short_code', '=', code)),
  locked: new PreparedQuery((kysely, code: string) => selectUserCoupon(kysely).where('uc.short_code', '=', code).forUpdate('uc')),
};

const storeShortCode = new PreparedQuery((kysely, id: string, code: string, replacing: string | null) =>
  kysely
    .updateTable('user_coupons')
    .set({ short_code: code })
    .where('id', '=', id)
    .where('short_code', 'is not distinct from', replacing)
    .returning('id'),
);

/** The conditional update of a redemption: only a row not yet redeemed changes; staff are recorded as validator. */
const markRedeemed = {
  member: new PreparedQuery((kysely, id: string) =>
    kysely
      .updateTable('user_coupons')
      .set({ redeemed_at: now(), redeemed_by: 'member' })
      .where('id', '=', id)
      .where('redeemed_at', 'is', null)
      .returning(['redeemed_at', 'validated_at']),
  ),
  staff: new PreparedQuery((kysely, id: string, adminId: string | null, venueId: number) =>
    kysely
      .updateTable('user_coupons')
      .set({
        redeemed_at: now(),
        redeemed_by: 'staff',
        validated_at: now(),
        validated_by_id: adminId,
        redeemed_venue_id: venueId,
      })
      .where('id', '=', id)
      .where('redeemed_at', 'is', null)
      .returning(['redeemed_at', 'validated_at']),
  ),
};

const countRedemption = new PreparedQuery((kysely, couponId: string, change: number) =>
  kysely
    .updateTable('coupons')
    .set((eb) => ({ redeemed_count: eb('redeemed_count', '+', change), updated_at: now() }))
    .where('id', '=', couponId),
);

/**
 * Members' coupons: finding one (by id, by short code), the lists (My Coupons, a card holder's
 * usable tonight), short codes, and redeeming and un-redeeming. No rules here: callers decide;
 * the row locks and conditional updates are what make concurrent redemptions safe.
 */
@Injectable()
export class UserCouponsRepository {
  /**
   * One user coupon with its coupon and holder. `memberId` restricts it to its owner (anyone
   * else's is not found); `lock` takes its row lock so concurrent redemptions queue.
   */
  async findUserCoupon(em: EntityManager, id: string, options: { memberId?: string; lock?: boolean } = {}) {
    // Not a uuid cannot be a user coupon; PostgreSQL would refuse to compare it with one.
    if (!UUID_PATTERN.test(id)) return undefined;
    if (options.memberId === undefined)
      return (options.lock ? userCouponById.anyOwnerLocked : userCouponById.anyOwner).first(em, id);
    return (options.lock ? userCouponById.ownerLocked : userCouponById.owner).first(em, id, options.memberId);
  }

  /** The user coupon holding a short code (stored form), found through its unique index. */
  async findUserCouponByShortCode(em: EntityManager, code: string, options: { lock?: boolean } = {}) {
    return (options.lock ? userCouponByShortCode.locked : userCouponByShortCode.plain).first(em, code);
  }

  /**
   * The member's coupons usable tonight, newest claim first: claimed, not redeemed, and a coupon
   * anyone may still use (claim-rules.ts: not withdrawn, not paused, not expired) at the statement's now().
   */
  async listUsableOf(em: EntityManager, memberId: string) {
    return selectUserCoupon(db(em))
      .where('uc.member_id', '=', memberId)
      .where('uc.redeemed_at', 'is', null)
      .where('uc.coupon_id', 'in', (eb) =>
        eb
          .selectFrom('coupons')
          .select('coupons.id')
          .where((c) => couponUsableSql(c)),
      )
      .orderBy('uc.claimed_at', 'desc')
      .orderBy('uc.id', 'desc')
      .execute();
  }

  /**
   * Whether `typed` is a coupon's template code (FIRSTROUND), live or archived: what a member's
   * coupon used to show in large type. Case, spaces and hyphens do not matter, as in short codes.
   */
  async isTemplateCode(em: EntityManager, typed: string): Promise<boolean> {
    const compact = typed.replace(/[\s\-\u2010-\u2015\u2212]/g, '').toLowerCase();
    if (compact === '') return false;
    const row = await db(em)
      .selectFrom('coupons')
      .select('id')
      .where(sql<string>`lower(regexp_replace(code, '[\s-]', '', 'g'))`, '=', compact)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Up to `limit` of the member's user coupons, held ones (not redeemed) first, then the redeemed
   * ones, each part newest claim first: a range scan of user_coupons_member_held_idx (member_id,
   * (redeemed_at is null), claimed_at, id) read backwards, after a position when there is one.
   */
  async listMemberUserCoupons(em: EntityManager, memberId: string, after: MyCouponsPosition | null, limit: number) {
    const page = selectUserCoupon(db(em))
      .select((eb) => [
        sql<boolean>`${eb.ref('uc.redeemed_at')} is null`.as('held'),
        sql<string>`to_char(${eb.ref('uc.claimed_at')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_at'),
      ])
      .where('uc.member_id', '=', memberId)
      .orderBy(sql`(${sql.ref('uc.redeemed_at')} is null)`, 'desc')
      .orderBy('uc.claimed_at', 'desc')
      .orderBy('uc.id', 'desc')
      .limit(limit);
    if (!after) return page.execute();
    return page
      .where(
        sql<boolean>`((${sql.ref('uc.redeemed_at')} is null), ${sql.ref('uc.claimed_at')}, ${sql.ref('uc.id')}) < (${after.held}::boolean, ${after.claimedAt}::timestamptz, ${after.id}::uuid)`,
      )
      .execute();
  }

  /**
   * Stores `code` as the user coupon's short code if it still holds `replacing` (null or a stale
   * code); answers whether it did. The unique index refuses a code another user coupon holds.
   */
  async storeShortCode(em: EntityManager, id: string, code: string, replacing: string | null): Promise<boolean> {
    try {
      return (await storeShortCode.first(em, id, code, replacing)) !== undefined;
    } catch (error) {
      // Kysely passes the driver's error through; MikroORM's class (UniqueConstraintViolationException) names the collision.
      throw error instanceof Error ? em.getDriver().convertException(error) : error;
    }
  }

  /** The user coupon's stored short code: null when it has none, undefined when there is no such row. */
  async readShortCode(em: EntityManager, id: string): Promise<string | null | undefined> {
    const row = await db(em).selectFrom('user_coupons').select('short_code').where('id', '=', id).executeTakeFirst();
    return row?.short_code;
  }

  /**
   * Marks a user coupon redeemed unless it already is (the conditional update decides between
   * concurrent redeemers); staff are recorded as its validator, with the venue whose door it was
   * (a member's own redemption in the app names no venue). Undefined when it was redeemed.
   */
  async markRedeemed(em: EntityManager, id: string, by: RedeemedBy, adminId: string | null, venueId: number | null) {
    return by === 'staff' && venueId !== null
      ? markRedeemed.staff.first(em, id, adminId, venueId)
      : markRedeemed.member.first(em, id);
  }

  /** Puts a user coupon back to claimed if it was redeemed less than `minutes` ago (database clock). */
  async unmarkRedeemed(em: EntityManager, id: string, minutes: number): Promise<boolean> {
    const undone = await db(em)
      .updateTable('user_coupons')
      .set({ redeemed_at: null, redeemed_by: null, validated_at: null, validated_by_id: null, redeemed_venue_id: null })
      .where('id', '=', id)
      .where('redeemed_at', 'is not', null)
      .where('redeemed_at', '>', sql<string>`now() - make_interval(mins => ${minutes})`)
      .returning('id')
      .executeTakeFirst();
    return undone !== undefined;
  }

  /** Moves the coupon's cached redeemed count by `change` (+1 or -1). */
  async countRedemption(em: EntityManager, couponId: string, change: 1 | -1): Promise<void> {
    await countRedemption.rows(em, couponId, change);
  }
}
