import type { Database } from '@nocturne/db';
import { type Kysely, type Selectable, sql } from 'kysely';

/*
 * What the coupons module's repositories share: the coupon columns every answer about a coupon is
 * made from, and the select of a user coupon with its holder and coupon.
 */

/** The coupon columns every answer about a coupon is made from. */
export const COUPON_VIEW = [
  'id',
  'code',
  'title',
  'description',
  'type',
  'value',
  'points_cost',
  'required_tier',
  'max_uses',
  'per_member_limit',
  'valid_until',
  'is_active',
  'archived_at',
  'claimed_count',
  'redeemed_count',
  'created_at',
] as const satisfies readonly (keyof Database['coupons'])[];

export type CouponView = Pick<Selectable<Database['coupons']>, (typeof COUPON_VIEW)[number]>;

/** A user coupon's id: anything else cannot be one (and PostgreSQL would refuse to compare it with one). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The transaction's clock. */
export const now = () => sql<string>`now()`;

/** The venues a coupon is for, in the statement that reads it (empty: the whole group's). */
export const couponVenueIdsSql = (couponId: string) =>
  sql<number[]>`array(select cv.venue_id from coupon_venues cv where cv.coupon_id = ${sql.ref(couponId)} order by cv.venue_id)`;

/**
 * A user coupon with its holder (and whether their account still works), the staffer who
 * validated it (the door names them: "Already used at 23:41 (Sam)") and, as JSON, its coupon.
 */
export function selectUserCoupon(kysely: Kysely<Database>) {
  return kysely
    .selectFrom('user_coupons as uc')
    .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
    .innerJoin('members as m', 'm.id', 'uc.member_id')
    .select((eb) => [
      'uc.id',
      'uc.member_id',
      'uc.coupon_id',
      'uc.claimed_at',
      'uc.redeemed_at',
      'uc.redeemed_by',
      'uc.validated_at',
      'uc.validated_by_id',
      'uc.short_code',
      'uc.redeemed_venue_id',
      // The venues the coupon is for (none: the whole group).
      couponVenueIdsSql('uc.coupon_id').as('coupon_venue_ids'),
      'm.first_name',
      'm.last_name',
      'm.member_tier',
      'm.disabled_at',
      'm.deleted_at',
      // A subquery, not a join: a redeemer that waited for the row lock gets the row as the winner
      // left it, and PostgreSQL re-runs a subquery for that row but keeps a joined row as first read.
      eb.selectFrom('members as v').select('v.first_name').whereRef('v.id', '=', 'uc.validated_by_id').as('validated_by_name'),
      // The coupon row as JSON, so its columns never clash with the user coupon's.
      eb.fn.toJson('c').as('coupon'),
    ]);
}
