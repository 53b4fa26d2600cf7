import { MANAGERS, endpoint } from '../endpoint.js';
import { TierBenefitsResponse, TierBenefitView, TierParams, UpdateTierBenefitRequest } from '../tiers.js';

export const getTierBenefits = endpoint({
  method: 'GET',
  path: '/api/admin/tier-benefits',
  summary: "Each tier's benefit text, earning multiplier and monthly coupon, bronze to platinum",
  access: MANAGERS,
  tags: ['tiers'],
  response: TierBenefitsResponse,
});

export const updateTierBenefit = endpoint({
  method: 'PUT',
  path: '/api/admin/tier-benefits/:tier',
  summary: "Change a tier's benefit text, earning multiplier (1.00–5.00) and monthly coupon",
  access: MANAGERS,
  tags: ['tiers'],
  params: TierParams,
  body: UpdateTierBenefitRequest,
  response: TierBenefitView,
  errors: { 400: 'The multiplier is not 1.00–5.00 with at most two decimals, or the coupon does not exist or is not active' },
});
