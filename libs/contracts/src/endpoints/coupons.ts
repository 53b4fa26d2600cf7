import { z } from 'zod';
import {
  AdminCoupon,
  AdminCouponListQuery,
  AvailableCoupon,
  CreateCouponRequest,
  MyCouponsPage,
  MyCouponsQuery,
  UpdateCouponRequest,
  UserCoupon,
  UserCouponParams,
} from '../coupons.js';
import { IdParams } from '../common.js';
import { SIGNED_IN, MANAGERS, endpoint } from '../endpoint.js';

export const listCoupons = endpoint({
  method: 'GET',
  path: '/api/coupons',
  summary: 'Coupons the member can see, each saying whether they can claim it now',
  access: SIGNED_IN,
  // Coupons also leave the list by expiring: the clock is part of the answer, a minute at a time.
  conditional: { scopes: ['coupons', 'member:{me}'], everySeconds: 60, replica: true },
  tags: ['coupons'],
  response: z.array(AvailableCoupon),
});

export const listMyCoupons = endpoint({
  method: 'GET',
  path: '/api/coupons/my',
  summary:
    "One page of the member's claimed coupons: held ones first, then redeemed, each newest claim first (limit 1..100, default 50; nextCursor null on the last page)",
  access: SIGNED_IN,
  tags: ['coupons'],
  query: MyCouponsQuery,
  response: MyCouponsPage,
  errors: { 400: 'A bad limit (over 100) or cursor' },
  conditional: { scopes: ['coupons', 'member:{me}'], everySeconds: 60 },
});

export const claimCoupon = endpoint({
  method: 'POST',
  path: '/api/coupons/:id/claim',
  summary: 'Claim a coupon, paying its points cost',
  access: SIGNED_IN,
  tags: ['coupons'],
  params: IdParams,
  response: UserCoupon,
  status: 201,
  errors: {
    403: 'This coupon requires a higher tier',
    404: 'Coupon not found',
    409: 'Not enough points, expired, paused, no longer available, already claimed or fully claimed',
  },
});

export const redeemMyCoupon = endpoint({
  method: 'POST',
  path: '/api/coupons/redeem/:userCouponId',
  summary: 'Redeem one of your coupons yourself',
  access: SIGNED_IN,
  tags: ['coupons'],
  params: UserCouponParams,
  response: UserCoupon,
  errors: { 404: 'Coupon not found (or not yours)', 409: 'Already redeemed, expired, paused or no longer available' },
});

export const listAdminCoupons = endpoint({
  method: 'GET',
  path: '/api/admin/coupons',
  summary: 'Every coupon with its claimed, redeemed and remaining counts',
  access: MANAGERS,
  conditional: { scopes: ['coupons'], everySeconds: 60 },
  tags: ['admin', 'coupons'],
  query: AdminCouponListQuery,
  response: z.array(AdminCoupon),
});

export const createCoupon = endpoint({
  method: 'POST',
  path: '/api/admin/coupons',
  summary: 'Create a coupon',
  access: MANAGERS,
  tags: ['admin', 'coupons'],
  body: CreateCouponRequest,
  response: AdminCoupon,
  status: 201,
  errors: { 409: 'A coupon with this code already exists' },
});

export const updateCoupon = endpoint({
  method: 'PATCH',
  path: '/api/admin/coupons/:id',
  summary: 'Edit a coupon: any of its fields, and isActive (an inactive coupon is not offered, claimed or redeemed)',
  access: MANAGERS,
  tags: ['admin', 'coupons'],
  params: IdParams,
  body: UpdateCouponRequest,
  response: AdminCoupon,
  errors: { 404: 'Coupon not found (or archived)', 409: 'A coupon with this code already exists' },
});

export const deleteCoupon = endpoint({
  method: 'DELETE',
  path: '/api/admin/coupons/:id',
  summary: 'Delete a coupon, or archive it when members hold it',
  access: MANAGERS,
  tags: ['admin', 'coupons'],
  params: IdParams,
  response: AdminCoupon,
  errors: { 404: 'Coupon not found' },
});
