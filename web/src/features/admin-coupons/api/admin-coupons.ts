import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCoupon } from '@nocturne/contracts';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { queryKeys } from '@/lib/query-keys';
import type { CreateCouponPayload } from './coupon-form';

export const getAdminCoupons = () => api.get<AdminCoupon[]>('/api/admin/coupons');

export const useAdminCoupons = () => useQuery({ queryKey: queryKeys.adminCoupons, queryFn: getAdminCoupons, ...polling(POLL_MS.admin) });

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CreateCouponPayload) => api.post<AdminCoupon>('/api/admin/coupons', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminCoupons }),
  });
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (couponId: string) => api.delete<unknown>(`/api/admin/coupons/${couponId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminCoupons }),
  });
}
