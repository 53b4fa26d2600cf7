import type { TierBenefitView } from '@nocturne/contracts';
import { multiplierWords } from '@nocturne/domain';
import type { TierBenefitRow } from './tiers.repository.js';

export function benefitView(row: TierBenefitRow): TierBenefitView {
  return {
    tier: row.tier,
    benefit: row.benefit,
    multiplier: row.multiplier,
    multiplierText: multiplierWords(row.multiplier),
    monthlyCouponId: row.monthly_coupon_id,
    guestListPlusOnes: row.guest_list_plus_ones,
  };
}
