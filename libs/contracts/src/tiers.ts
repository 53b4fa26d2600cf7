import { z } from 'zod';
import { MemberTier, Uuid } from './common.js';

/** A tier's benefits as a manager sees and edits them (issue #33 point 4). */
export const TierBenefitView = z
  .object({
    tier: MemberTier,
    /** What members of the tier read ("Priority entry all night"). */
    benefit: z.string(),
    /** The earning multiplier on comments and visits, in hundredths (125 is 1.25×). */
    multiplier: z.number().int().min(100).max(500),
    /** The multiplier as people read it: "×1.25", "×1". */
    multiplierText: z.string(),
    /** The coupon template a member of the tier is given once a venue month; null: none. */
    monthlyCouponId: Uuid.nullable(),
  })
  .meta({ id: 'TierBenefitView' });
export type TierBenefitView = z.infer<typeof TierBenefitView>;

export const TierBenefitsResponse = z.object({ tiers: z.array(TierBenefitView) }).meta({ id: 'TierBenefitsResponse' });
export type TierBenefitsResponse = z.infer<typeof TierBenefitsResponse>;

export const TierParams = z.object({ tier: MemberTier });

export const UpdateTierBenefitRequest = z
  .object({
    benefit: z.string().trim().min(1, 'must not be empty').max(500, 'must be at most 500 characters'),
    /** As a manager types it: "1.25", "2" — 1.00 to 5.00, at most two decimals (`parseMultiplier`). */
    multiplier: z.string().max(10, 'must be a number from 1.00 to 5.00'),
    monthlyCouponId: Uuid.nullable(),
  })
  .meta({ id: 'UpdateTierBenefitRequest' });
export type UpdateTierBenefitRequest = z.infer<typeof UpdateTierBenefitRequest>;
