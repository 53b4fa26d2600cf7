import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest, UpdateMyConsentRequest, UpdateProfileRequest } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { meQueryKey } from './me';

const updateProfile = (body: UpdateProfileRequest) => api.call(routes.updateMyProfile, { body });

/** The answer is the fresh user: the header and the stored session follow it at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryKey, user);
      // Comment lists show names.
      void queryClient.invalidateQueries({ queryKey: queryKeys.news });
    },
  });
}

const changePassword = (body: ChangePasswordRequest) => api.call(routes.changeMyPassword, { body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });

/** The member's date of birth and marketing consent, with the consent wording. */
export const myConsentQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.myConsent, queryFn: () => api.call(routes.getMyConsent) });
export const useMyConsent = () => useQuery(myConsentQueryOptions());

const updateConsent = (body: UpdateMyConsentRequest) => api.call(routes.updateMyConsent, { body });

export function useUpdateConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConsent,
    onSuccess: (consent) => queryClient.setQueryData(queryKeys.myConsent, consent),
  });
}
