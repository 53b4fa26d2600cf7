import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvailableCoupon, UserCoupon } from '@nocturne/contracts';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { queryKeys } from '@/lib/query-keys';

export const getAvailableCoupons = () => api.get<AvailableCoupon[]>('/api/coupons');
export const getMyCoupons = () => api.get<UserCoupon[]>('/api/coupons/my');

export const useAvailableCoupons = () => useQuery({ queryKey: queryKeys.coupons, queryFn: getAvailableCoupons, ...polling(POLL_MS.feed) });
export const useMyCoupons = () => useQuery({ queryKey: queryKeys.myCoupons, queryFn: getMyCoupons, ...polling(POLL_MS.mine) });

// The answers of claim and redeem are not read (SPEC 7): the lists are refetched instead.
export function useClaimCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (couponId: string) => api.post<unknown>(`/api/coupons/${couponId}/claim`),
    onSuccess: () => {
      // SPEC 4: after a claim, my coupons and point history refresh; the header's points and each
      // coupon's claimability (limits, balance) change too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.coupons });
      void queryClient.invalidateQueries({ queryKey: queryKeys.pointsHistory });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

export function useRedeemCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userCouponId: string) => api.post<unknown>(`/api/coupons/redeem/${userCouponId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myCoupons }),
  });
}
