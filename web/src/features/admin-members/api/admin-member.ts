import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PointsAdjustmentRequest } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys } from '@/lib/query-keys';

/** The newest history rows the view shows first; "Show more" asks for this many more each time. */
export const HISTORY_PAGE = 20;

const getAdminMember = (memberId: string, history: number) =>
  api.call(routes.getAdminMember, { params: { id: memberId }, query: { history } });

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
    mutationFn: (body: PointsAdjustmentRequest) => api.call(routes.adjustMemberPoints, { params: { id: memberId }, body }),
    onSettled: () => invalidate(queryClient, ...memberKeys(memberId)),
  });
}

export function useSendPasswordReset(memberId: string) {
  return useMutation({
    mutationFn: () => api.call(routes.sendMemberPasswordReset, { params: { id: memberId } }),
  });
}

export function useSetAccountDisabled(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (disable: boolean) =>
      disable
        ? api.call(routes.disableMember, { params: { id: memberId } })
        : api.call(routes.enableMember, { params: { id: memberId } }),
    onSettled: () => invalidate(queryClient, ...memberKeys(memberId)),
  });
}
