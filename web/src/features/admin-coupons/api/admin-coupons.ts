import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys } from '@/lib/query-keys';
import type { CreateCouponPayload, UpdateCouponPayload } from './coupon-form';

const getAdminCoupons = () => api.call(routes.listAdminCoupons);

const adminCouponsQueryOptions = () => queryOptions({ queryKey: queryKeys.adminCoupons, queryFn: getAdminCoupons });

export const useAdminCoupons = () => useQuery({ ...adminCouponsQueryOptions(), ...polling(POLL_MS.admin) });

const createCoupon = (payload: CreateCouponPayload) => api.call(routes.createCoupon, { body: payload });

const updateCoupon = ({ couponId, change }: { couponId: string; change: UpdateCouponPayload }) =>
  api.call(routes.updateCoupon, { params: { id: couponId }, body: change });

const deleteCoupon = (couponId: string) => api.call(routes.deleteCoupon, { params: { id: couponId } });

/**
 * A coupon added, edited, switched on or off, or taken away changes the admin's list, the members'
 * offers (and which of their own coupons show) and the overview's count of active coupons.
 */
const invalidateCoupons = (queryClient: ReturnType<typeof useQueryClient>) =>
  invalidate(queryClient, queryKeys.adminCoupons, queryKeys.coupons, queryKeys.adminStats);

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCoupon, onSuccess: () => invalidateCoupons(queryClient) });
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCoupon, onSuccess: () => invalidateCoupons(queryClient) });
}

export function useUpdateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCoupon, onSuccess: () => invalidateCoupons(queryClient) });
}
