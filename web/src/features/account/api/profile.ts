import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest, UpdateProfileRequest } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { meQueryKey } from './me';

export const updateProfile = (body: UpdateProfileRequest) => api.call(routes.updateMyProfile, { body });

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

export const changePassword = (body: ChangePasswordRequest) => api.call(routes.changeMyPassword, { body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
