import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest, SuccessResponse, UpdateProfileRequest, User } from '@nocturne/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { meQueryKey } from './me';

export const updateProfile = (body: UpdateProfileRequest) => api.patch<User>('/api/auth/me', body);

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

export const changePassword = (body: ChangePasswordRequest) => api.post<SuccessResponse>('/api/auth/me/password', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
