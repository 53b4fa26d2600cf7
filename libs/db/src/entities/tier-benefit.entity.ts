import { defineEntity, p } from '@mikro-orm/core';
import { TIERS } from '@nocturne/domain';
import { Coupon } from './coupon.entity.js';
import { Member } from './member.entity.js';

/**
 * A tier's benefits (issue #33 point 4), one row per tier, edited by a manager: the text members
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
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    updatedBy: () => p.manyToOne(Member).deleteRule('set null').nullable(),
  },
});
