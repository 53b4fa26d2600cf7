import { defineEntity, p } from '@mikro-orm/core';
import { TIERS } from '@nocturne/domain';
import { Coupon } from './coupon.entity.js';
import { Member } from './member.entity.js';

/**
 * A tier's benefits, one row per tier, edited by a manager: the text members
 * read, the earning multiplier in hundredths (125 is 1.25×; comments and visits, `earnedPoints`)
 * and the coupon template its members are given once a month (null: none).
 */
export const TierBenefit = defineEntity({
  name: 'TierBenefit',
  tableName: 'tier_benefits',
  properties: {
    tier: p.enum(TIERS).primary(),
    benefit: p.string().length(500),
    multiplier: p.integer().default(100),
    monthlyCoupon: () => p.manyToOne(Coupon).deleteRule('set null').nullable(),
    /** Plus-ones a member of the tier may bring on a guest list. */
    guestListPlusOnes: p.smallint().default(0),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    updatedBy: () => p.manyToOne(Member).deleteRule('set null').nullable(),
  },
});

/**
 * An earning promotion a manager schedules: its multiplier applies to comment
 * rewards and visits on every club night (06:00 to 06:00 venue time) from startsOn to endsOn, or
 * only on those whose evening falls on one of `weekdays` (0 = Sunday). Overlaps are allowed; the
 * highest multiplier applies (`activePromotion`). A promotion that paid is kept (ledger rows name it).
 */
export const Promotion = defineEntity({
  name: 'Promotion',
  tableName: 'promotions',
  indexes: [{ name: 'promotions_ends_on_idx', properties: ['endsOn'] }],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    name: p.string().length(80),
    multiplier: p.integer(),
    startsOn: p.string().columnType('date'),
    endsOn: p.string().columnType('date'),
    weekdays: p
      .array((i: string) => Number(i))
      .columnType('smallint[]')
      .nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    createdBy: () => p.manyToOne(Member).deleteRule('set null').nullable(),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});

/** The highest tier the members area has celebrated with the member (once per tier). */
export const TierCelebration = defineEntity({
  name: 'TierCelebration',
  tableName: 'tier_celebrations',
  properties: {
    member: () => p.manyToOne(Member).primary().deleteRule('cascade'),
    tier: p.enum(TIERS),
    celebratedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});

/**
 * A tier's monthly coupon given to a member: one per member and venue month
 * ("2026-12", the month of the club night), however often the worker's daily job runs.
 */
export const TierCouponGrant = defineEntity({
  name: 'TierCouponGrant',
  tableName: 'tier_coupon_grants',
  uniques: [{ name: 'tier_coupon_grants_member_month_unique', properties: ['member', 'month'] }],
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    member: () => p.manyToOne(Member).deleteRule('cascade'),
    month: p.string().length(7),
    /** The tier whose coupon it was. */
    tier: p.enum(TIERS),
    /** The coupon it gave (null when the held coupon is gone). */
    userCouponId: p.uuid().nullable(),
    grantedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
