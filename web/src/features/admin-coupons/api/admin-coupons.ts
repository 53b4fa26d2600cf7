import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCoupon } from '@nocturne/contracts';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys } from '@/lib/query-keys';
import type { CreateCouponPayload, UpdateCouponPayload } from './coupon-form';

export const getAdminCoupons = () => api.get<AdminCoupon[]>('/api/admin/coupons');

export const adminCouponsQueryOptions = () => queryOptions({ queryKey: queryKeys.adminCoupons, queryFn: getAdminCoupons });

export const useAdminCoupons = () => useQuery({ ...adminCouponsQueryOptions(), ...polling(POLL_MS.admin) });

export const createCoupon = (payload: CreateCouponPayload) => api.post<AdminCoupon>('/api/admin/coupons', payload);

export const updateCoupon = ({ couponId, change }: { couponId: string; change: UpdateCouponPayload }) =>
  api.patch<AdminCoupon>(`/api/admin/coupons/${couponId}`, change);

export const deleteCoupon = (couponId: string) => api.delete<unknown>(`/api/admin/coupons/${couponId}`);

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
