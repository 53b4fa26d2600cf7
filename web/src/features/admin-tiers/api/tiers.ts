import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavePromotionRequest, UpdateTierBenefitRequest } from '@nocturne/contracts';
import type { Tier } from '@nocturne/domain';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const benefitsKey = ['admin', 'tier-benefits'] as const;
const promotionsKey = ['admin', 'promotions'] as const;

export const useTierBenefits = () => useQuery({ queryKey: benefitsKey, queryFn: () => api.call(routes.getTierBenefits) });

/** The coupons a manager may pick as a tier's monthly coupon (the admin's list, shared with the Coupons screen). */
export const useCouponChoices = () =>
  useQuery({ queryKey: queryKeys.adminCoupons, queryFn: () => api.call(routes.listAdminCoupons) });

export function useSaveTierBenefit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tier, body }: { tier: Tier; body: UpdateTierBenefitRequest }) =>
      api.call(routes.updateTierBenefit, { params: { tier }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: benefitsKey }),
  });
}

export const usePromotions = () => useQuery({ queryKey: promotionsKey, queryFn: () => api.call(routes.listPromotions) });

export function useSavePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SavePromotionRequest }) =>
      id ? api.call(routes.updatePromotion, { params: { id }, body }) : api.call(routes.createPromotion, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionsKey }),
  });
}

export function useDeletePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(routes.deletePromotion, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionsKey }),
  });
}
