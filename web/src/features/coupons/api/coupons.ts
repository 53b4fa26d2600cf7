import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys } from '@/lib/query-keys';

const getAvailableCoupons = () => api.call(routes.listCoupons);
/** My Coupons per page: the api answers at most 100 at once; held coupons come first. */
const MY_COUPONS_PAGE_SIZE = 50;

const getMyCoupons = (cursor: string | null) =>
  api.call(routes.listMyCoupons, { query: { limit: MY_COUPONS_PAGE_SIZE, cursor: cursor ?? undefined } });

export const availableCouponsQueryOptions = () => queryOptions({ queryKey: queryKeys.coupons, queryFn: getAvailableCoupons });
/** Held coupons first, then redeemed ones, one page at a time ("Show more coupons" asks for the next cursor). */
export const myCouponsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.myCoupons,
    queryFn: ({ pageParam }) => getMyCoupons(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useAvailableCoupons = () => useQuery({ ...availableCouponsQueryOptions(), ...polling(POLL_MS.feed) });
export const useMyCoupons = () => useInfiniteQuery({ ...myCouponsQueryOptions(), ...polling(POLL_MS.mine) });

// The answers of claim and redeem are not read: the lists are refetched instead.
const claimCoupon = (couponId: string) => api.call(routes.claimCoupon, { params: { id: couponId } });
const redeemCoupon = (userCouponId: string) => api.call(routes.redeemMyCoupon, { params: { userCouponId } });

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
