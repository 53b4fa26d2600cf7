import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys } from '@/lib/query-keys';

// The members list answers a page `{users, total}`, searched and paged by the server.
export type AdminMember = AdminUser;

export const MEMBERS_PAGE_SIZE = 25;

export interface MembersPage {
  members: AdminMember[];
  total: number;
}

export async function getMembersPage(search: string, page: number): Promise<MembersPage> {
  const answer = await api.call(routes.listMembers, {
    query: { limit: MEMBERS_PAGE_SIZE, offset: page * MEMBERS_PAGE_SIZE, search },
  });
  return { members: answer.users, total: answer.total };
}

export const membersPageQueryOptions = (search: string, page: number) =>
  queryOptions({ queryKey: [...queryKeys.adminUsers, search, page] as const, queryFn: () => getMembersPage(search, page) });

export const useMembersPage = (search: string, page: number) =>
  useQuery({
    ...membersPageQueryOptions(search, page),
    // The table keeps its rows while the next page or search loads.
    placeholderData: keepPreviousData,
    ...polling(POLL_MS.admin),
  });

export const syncContact = (memberId: string) => api.call(routes.syncContact, { params: { id: memberId } });

/** A sync changes the member's sync state and the integration's counts (waiting, failed, last sync). */
export function useSyncContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncContact,
    // Not awaited: the admin hears the outcome at once; the lists follow.
    onSettled: () =>
      void invalidate(
        queryClient,
        queryKeys.adminUsers,
        queryKeys.adminMembers,
        queryKeys.activeCampaignStatus,
        queryKeys.adminStats,
      ),
  });
}
