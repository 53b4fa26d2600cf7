import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tier } from '@nocturne/domain';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const myTierKey = queryKeys.myTier;

/** The member's tier panel (routes.getMyTier): benefits, the next tier's, "120 points to Gold", a tier to celebrate. */
export const myTierQueryOptions = () => queryOptions({ queryKey: myTierKey, queryFn: () => api.call(routes.getMyTier) });
export const useMyTier = () => useQuery(myTierQueryOptions());

/** Tonight's earning promotion, for the news feed's badge (routes.getPromotionTonight). */
export const promotionTonightQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.promotionTonight, queryFn: () => api.call(routes.getPromotionTonight) });
export const usePromotionTonight = () => useQuery(promotionTonightQueryOptions());

/** The member has seen the celebration of this tier: the server remembers it, so it is shown once. */
export function useAcknowledgeCelebration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tier: Tier) => api.call(routes.acknowledgeTierCelebration, { body: { tier } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myTierKey }),
  });
}
