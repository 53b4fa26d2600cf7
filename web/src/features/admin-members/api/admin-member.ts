import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMemberView, PointsAdjustmentRequest, PointsAdjustmentResponse, SuccessResponse } from '@nocturne/contracts';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys } from '@/lib/query-keys';

/** The newest history rows the view shows first; "Show more" asks for this many more each time. */
export const HISTORY_PAGE = 20;

export const getAdminMember = (memberId: string, history: number) =>
  api.get<AdminMemberView>(`/api/admin/members/${encodeURIComponent(memberId)}?history=${history}`);

export const adminMemberQueryOptions = (memberId: string, history = HISTORY_PAGE) =>
  queryOptions({
    queryKey: [...queryKeys.adminMember(memberId), history] as const,
    queryFn: () => getAdminMember(memberId, history),
  });

export const useAdminMember = (memberId: string, history: number) =>
  useQuery({ ...adminMemberQueryOptions(memberId, history), placeholderData: keepPreviousData, ...polling(POLL_MS.admin) });

/** What a change to one member moves: their view, the members table and the overview's figures. */
const memberKeys = (memberId: string) => [queryKeys.adminMember(memberId), queryKeys.adminUsers, queryKeys.adminStats];

export function useAdjustPoints(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PointsAdjustmentRequest) =>
      api.post<PointsAdjustmentResponse>(`/api/admin/members/${encodeURIComponent(memberId)}/points-adjustments`, body),
    onSettled: () => invalidate(queryClient, ...memberKeys(memberId)),
  });
}

export function useSendPasswordReset(memberId: string) {
  return useMutation({
    mutationFn: () => api.post<SuccessResponse>(`/api/admin/members/${encodeURIComponent(memberId)}/password-reset`),
  });
}

export function useSetAccountDisabled(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (disable: boolean) =>
      api.post<SuccessResponse>(`/api/admin/members/${encodeURIComponent(memberId)}/${disable ? 'disable' : 'enable'}`),
    onSettled: () => invalidate(queryClient, ...memberKeys(memberId)),
  });
}
