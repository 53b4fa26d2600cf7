import { IdParams, SuccessResponse } from '../common.js';
import { MANAGERS, SIGNED_IN, endpoint } from '../endpoint.js';
import {
  CelebratedTierRequest,
  MyTier,
  PromotionsResponse,
  PromotionTonight,
  PromotionView,
  SavePromotionRequest,
  TierBenefitsResponse,
  TierBenefitView,
  TierParams,
  UpdateTierBenefitRequest,
} from '../tiers.js';

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

export const listPromotions = endpoint({
  method: 'GET',
  path: '/api/admin/promotions',
  summary: 'Every earning promotion, the latest ending first, with whether it applies tonight',
  access: MANAGERS,
  tags: ['tiers'],
  response: PromotionsResponse,
});

export const createPromotion = endpoint({
  method: 'POST',
  path: '/api/admin/promotions',
  summary: 'Schedule an earning multiplier for every club night of a date range, or only some weekdays of it',
  access: MANAGERS,
  tags: ['tiers'],
  body: SavePromotionRequest,
  response: PromotionView,
  status: 201,
  errors: { 400: 'The multiplier is not 1.00–5.00, the end is before the start, the range is over a year, or a weekday repeats' },
});

export const updatePromotion = endpoint({
  method: 'PUT',
  path: '/api/admin/promotions/:id',
  summary: 'Change a promotion; rows it already paid keep what they recorded',
  access: MANAGERS,
  tags: ['tiers'],
  params: IdParams,
  body: SavePromotionRequest,
  response: PromotionView,
  errors: { 400: 'As for creating one', 404: 'No such promotion' },
});

export const deletePromotion = endpoint({
  method: 'DELETE',
  path: '/api/admin/promotions/:id',
  summary: 'Delete a promotion that has paid nothing (one that paid is ended by changing its end date)',
  access: MANAGERS,
  tags: ['tiers'],
  params: IdParams,
  response: SuccessResponse,
  errors: { 404: 'No such promotion', 409: 'It has paid points: change its end date instead' },
});

export const getPromotionTonight = endpoint({
  method: 'GET',
  path: '/api/promotions/tonight',
  summary: "The earning promotion running this club night (venue time), for the news feed's badge; null when none",
  access: SIGNED_IN,
  tags: ['tiers'],
  response: PromotionTonight,
});

export const getMyTier = endpoint({
  method: 'GET',
  path: '/api/auth/me/tier',
  summary: 'The member\'s tier benefits, the next tier\'s, how far it is ("120 points to Gold") and a tier to celebrate',
  access: SIGNED_IN,
  tags: ['tiers'],
  response: MyTier,
});

export const acknowledgeTierCelebration = endpoint({
  method: 'POST',
  path: '/api/auth/me/tier/celebrated',
  summary: 'The member has seen the celebration of reaching this tier: it is not celebrated again',
  access: SIGNED_IN,
  tags: ['tiers'],
  body: CelebratedTierRequest,
  response: SuccessResponse,
});
