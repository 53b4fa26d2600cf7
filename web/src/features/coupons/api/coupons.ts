import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys } from '@/lib/query-keys';

export const getAvailableCoupons = () => api.call(routes.listCoupons);
export const getMyCoupons = () => api.call(routes.listMyCoupons);

export const availableCouponsQueryOptions = () => queryOptions({ queryKey: queryKeys.coupons, queryFn: getAvailableCoupons });
export const myCouponsQueryOptions = () => queryOptions({ queryKey: queryKeys.myCoupons, queryFn: getMyCoupons });

export const useAvailableCoupons = () => useQuery({ ...availableCouponsQueryOptions(), ...polling(POLL_MS.feed) });
export const useMyCoupons = () => useQuery({ ...myCouponsQueryOptions(), ...polling(POLL_MS.mine) });

// The answers of claim and redeem are not read: the lists are refetched instead.
export const claimCoupon = (couponId: string) => api.call(routes.claimCoupon, { params: { id: couponId } });
export const redeemCoupon = (userCouponId: string) => api.call(routes.redeemMyCoupon, { params: { userCouponId } });

export function useClaimCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimCoupon,
    // After a claim, my coupons and point history refresh; the header's points and each
    // coupon's claimability (limits, balance) change too (queryKeys.coupons covers both lists).
    onSuccess: () => void invalidate(queryClient, queryKeys.coupons, queryKeys.pointsHistory, queryKeys.me),
  });
}

export function useRedeemCoupon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: redeemCoupon, onSuccess: () => invalidate(queryClient, queryKeys.myCoupons) });
}
