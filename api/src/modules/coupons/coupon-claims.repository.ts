import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PreparedQuery } from '@nocturne/db';
import { sql } from 'kysely';
import {
  claimantFactsBeforeOwnClaim,
  claimObstacleSql,
  couponOfferedSql,
  couponsWithClaimant,
  joinedClaimantFacts,
} from './claim-rules.js';
import { COUPON_VIEW, couponVenueIdsSql, now } from './coupon-rows.js';

export type Claimant = NonNullable<Awaited<ReturnType<CouponClaimsRepository['lockClaimant']>>>;

/*
 * The statements of GET /api/coupons and the claim, each compiled once (PreparedQuery): the list
 * is polled by every member, and the claim runs its statements while holding row locks. The SQL
 * is what the builder would produce on each call.
 */

/**
 * The coupons on offer (usable, not used up), newest first, each with what stops this member
 * claiming it now (claim-rules.ts), judged on the member's row as it is. The member's row and their
 * claims are joined once (couponsWithClaimant), not looked up for every coupon row.
 */
const availableCoupons = new PreparedQuery((kysely, memberId: string) =>
  couponsWithClaimant(kysely, memberId)
    .select(COUPON_VIEW.map((column) => `coupons.${column}` as const))
    .select((eb) => claimObstacleSql(eb, joinedClaimantFacts).as('obstacle'))
    .select(couponVenueIdsSql('coupons.id').as('venue_ids'))
    .where((eb) => couponOfferedSql(eb))
    .orderBy('coupons.created_at', 'desc')
    .orderBy('coupons.id', 'desc'),
);

const couponById = new PreparedQuery((kysely, couponId: string) =>
  kysely.selectFrom('coupons').select(COUPON_VIEW).where('id', '=', couponId),
);

const claimantForUpdate = new PreparedQuery((kysely, memberId: string) =>
  kysely.selectFrom('members').select(['id', 'member_tier', 'current_points']).where('id', '=', memberId).forUpdate(),
);

const memberClaims = new PreparedQuery((kysely, couponId: string, memberId: string) =>
  kysely
    .selectFrom('user_coupons')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('coupon_id', '=', couponId)
    .where('member_id', '=', memberId),
);

/**
 * The conditional update that ends a claim, after its user coupon, payment and outbox row are
 * written: every claim rule (claim-rules.ts), judged by PostgreSQL on the coupon's row as it is when
 * it runs, with the member's facts as they were before this claim, at the price the claim paid.
 */
const takeClaim = new PreparedQuery(
  (kysely, couponId: string, memberId: string, userCouponId: string, balanceBefore: number, price: number) =>
    kysely
      .updateTable('coupons')
      .set((eb) => ({ claimed_count: eb('claimed_count', '+', 1), updated_at: now() }))
      .where('coupons.id', '=', couponId)
      .where('coupons.points_cost', '=', price)
      .where((eb) =>
        eb(claimObstacleSql(eb, claimantFactsBeforeOwnClaim(eb, memberId, { userCouponId, balanceBefore })), 'is', null),
      )
      .returning('id'),
);

const newUserCoupon = new PreparedQuery((kysely, memberId: string, couponId: string) =>
  kysely.insertInto('user_coupons').values({ member_id: memberId, coupon_id: couponId }).returning('id'),
);

/**
 * The coupons on offer to a member and claiming one. No rules here (claim-rules.ts holds them as
 * SQL): the member's row lock and the conditional update make concurrent claims safe.
 */
@Injectable()
export class CouponClaimsRepository {
  async findCoupon(em: EntityManager, couponId: string) {
    return couponById.first(em, couponId);
  }

  /** The coupons on offer, newest first, each with what stops this member claiming it now (null: nothing). */
  async listAvailable(em: EntityManager, memberId: string) {
    return availableCoupons.rows(em, memberId);
  }

  /** The claimant's row lock: it queues one member's claims one behind another. */
  async lockClaimant(em: EntityManager, memberId: string) {
    return claimantForUpdate.first(em, memberId);
  }

  async countMemberClaims(em: EntityManager, couponId: string, memberId: string): Promise<number> {
    return (await memberClaims.first(em, couponId, memberId))!.count;
  }

  /**
   * Counts the claim `userCouponId` (already written, and paid at `price` from `balanceBefore`) if
   * the member may still claim the coupon at that price; false when they may not. The update takes
   * the coupon's row lock, so parallel claims queue and each sees the last count.
   */
  async takeClaim(
    em: EntityManager,
    claim: { couponId: string; memberId: string; userCouponId: string; balanceBefore: number; price: number },
  ): Promise<boolean> {
    const { couponId, memberId, userCouponId, balanceBefore, price } = claim;
    return (await takeClaim.first(em, couponId, memberId, userCouponId, balanceBefore, price)) !== undefined;
  }

  async insertUserCoupon(em: EntityManager, memberId: string, couponId: string): Promise<string> {
    return (await newUserCoupon.first(em, memberId, couponId))!.id;
  }
}
