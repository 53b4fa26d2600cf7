import { z } from 'zod';
import { MemberTier, requiredText, Uuid } from './common.js';

/** A tier's benefits as a manager sees and edits them. */
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
    /** Plus-ones a member of the tier may bring on a guest list. */
    guestListPlusOnes: z.number().int().min(0).max(10),
  })
  .meta({ id: 'TierBenefitView' });
export type TierBenefitView = z.infer<typeof TierBenefitView>;

export const TierBenefitsResponse = z.object({ tiers: z.array(TierBenefitView) }).meta({ id: 'TierBenefitsResponse' });
export type TierBenefitsResponse = z.infer<typeof TierBenefitsResponse>;

export const TierParams = z.object({ tier: MemberTier });

export const UpdateTierBenefitRequest = z
  .object({
    benefit: requiredText(500),
    /** As a manager types it: "1.25", "2" — 1.00 to 5.00, at most two decimals (`parseMultiplier`). */
    multiplier: z.string().max(10, 'must be a number from 1.00 to 5.00'),
    monthlyCouponId: Uuid.nullable(),
    /** Plus-ones on a guest list, 0 to 10; absent keeps them. */
    guestListPlusOnes: z
      .number({ message: 'must be a number from 0 to 10' })
      .int('must be a whole number')
      .min(0, 'must be a number from 0 to 10')
      .max(10, 'must be a number from 0 to 10')
      .optional(),
  })
  .meta({ id: 'UpdateTierBenefitRequest' });
export type UpdateTierBenefitRequest = z.infer<typeof UpdateTierBenefitRequest>;

const IsoDate = z.iso.date({ message: 'must be a date (YYYY-MM-DD)' });

/** An earning promotion as a manager sees it. */
export const PromotionView = z
  .object({
    id: Uuid,
    name: z.string(),
    multiplier: z.number().int().min(100).max(500),
    multiplierText: z.string(),
    /** The first and last club nights it runs (venue time, 06:00 to 06:00), inclusive. */
    startsOn: z.iso.date(),
    endsOn: z.iso.date(),
    /** Only the nights whose evening is one of these (0 = Sunday); null: every night of the range. */
    weekdays: z.array(z.number().int().min(0).max(6)).nullable(),
    /** It applies tonight (the highest of the promotions running tonight). */
    appliesTonight: z.boolean(),
    /** Ledger rows name it: it can be ended (its end date changed) but not deleted. */
    hasPaid: z.boolean(),
    /** Present for a promotion of chosen venues: it multiplies visits at those venues only. Absent: the whole group's. */
    venueIds: z.array(z.number().int()).optional(),
  })
  .meta({ id: 'PromotionView' });
export type PromotionView = z.infer<typeof PromotionView>;

export const PromotionsResponse = z.object({ promotions: z.array(PromotionView) }).meta({ id: 'PromotionsResponse' });
export type PromotionsResponse = z.infer<typeof PromotionsResponse>;

export const SavePromotionRequest = z
  .object({
    name: requiredText(80, { multiline: false }),
    /** As a manager types it: "2", "1.5" — 1.00 to 5.00, at most two decimals. */
    multiplier: z.string().max(10, 'must be a number from 1.00 to 5.00'),
    startsOn: IsoDate,
    endsOn: IsoDate,
    weekdays: z
      .array(z.number({ message: 'must be a weekday, 0 (Sunday) to 6' }).int().min(0).max(6), {
        message: 'must be a list of weekdays',
      })
      .max(7)
      .nullable(),
    /** The venues whose visits it multiplies; empty: the whole group's. Left out: unchanged (new: the whole group's). */
    venueIds: z
      .array(z.number({ message: 'must be venue ids' }).int('must be venue ids').positive('must be venue ids'), {
        message: 'must be a list of venue ids',
      })
      .max(100, 'must name at most 100 venues')
      .optional(),
  })
  .meta({ id: 'SavePromotionRequest' });
export type SavePromotionRequest = z.infer<typeof SavePromotionRequest>;

/** The promotion running tonight, as members see it: the badge on the news feed. */
export const PromotionTonight = z
  .object({
    promotion: z
      .object({
        name: z.string(),
        multiplier: z.number().int(),
        multiplierText: z.string(),
        /** "Double points tonight ×2". */
        badge: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'PromotionTonight' });
export type PromotionTonight = z.infer<typeof PromotionTonight>;

const TierBenefitSummary = z.object({
  tier: MemberTier,
  /** "Gold". */
  label: z.string(),
  benefit: z.string(),
  /** "×1.25": what comments and visits earn at this tier. */
  multiplierText: z.string(),
});

/** The members area's tier panel. */
export const MyTier = z
  .object({
    current: TierBenefitSummary,
    /** The next tier up; null at Platinum. */
    next: TierBenefitSummary.nullable(),
    /** "120 points to Gold"; null at Platinum. */
    toNext: z.string().nullable(),
    /** 0..1 of the way from this tier to the next. */
    progress: z.number().min(0).max(1),
    /** A tier reached and not yet celebrated with the member (once per tier; never Bronze). */
    celebrate: MemberTier.nullable(),
  })
  .meta({ id: 'MyTier' });
export type MyTier = z.infer<typeof MyTier>;

export const CelebratedTierRequest = z.object({ tier: MemberTier }).meta({ id: 'CelebratedTierRequest' });
export type CelebratedTierRequest = z.infer<typeof CelebratedTierRequest>;
