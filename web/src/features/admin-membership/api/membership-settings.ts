import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateMembershipSettingsRequest } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const settingsKey = ['admin', 'membership-settings'] as const;

export const useMembershipSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => api.call(routes.getMembershipSettings) });

/** The coupons a manager may pick as the birthday coupon (the admin's list, shared with the Coupons screen). */
export const useCouponChoices = () =>
  useQuery({ queryKey: queryKeys.adminCoupons, queryFn: () => api.call(routes.listAdminCoupons) });

export function useSaveMembershipSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMembershipSettingsRequest) => api.call(routes.updateMembershipSettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
