import { defineEntity, p } from '@mikro-orm/core';
import { COUPON_TYPES, TIERS } from '@nocturne/domain';
import { Member } from './member.entity.js';

export { COUPON_TYPES, type CouponType } from '@nocturne/domain';

/**
 * A reward members claim (free or for points). The code is unique, case-insensitively, among
 * coupons that are not archived (a hand-written partial index). claimedCount and redeemedCount are
 * cached counters changed in the same transaction as the user coupon they count; claimedCount is
 * also what the conditional update against maxUses checks.
 */
export const Coupon = defineEntity({
  name: 'Coupon',
  tableName: 'coupons',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    code: p.string().length(40),
    title: p.string().length(120),
    description: p.string().length(1000),
    type: p.enum(COUPON_TYPES),
    value: p.integer().nullable(),
    pointsCost: p.integer().default(0),
    requiredTier: p.enum(TIERS).default('bronze'),
    maxUses: p.integer().nullable(),
    perMemberLimit: p.integer().default(1),
    validUntil: p.datetime().columnType('timestamptz').nullable(),
    isActive: p.boolean().default(true),
    /** Set instead of deleting when members hold the coupon: no new claims, history kept. */
    archivedAt: p.datetime().columnType('timestamptz').nullable(),
    claimedCount: p.integer().default(0),
    redeemedCount: p.integer().default(0),
    createdBy: () => p.manyToOne(Member).deleteRule('set null').nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .columnType('timestamptz')
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  },
});
