import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUsersResponse } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys } from '@/lib/query-keys';

// The members list answers a page `{users, total, totalCapped, nextCursor}`, searched and paged by the server.
type AdminMember = AdminUser;

export const MEMBERS_PAGE_SIZE = 25;

export interface MembersPage {
  members: AdminMember[];
  /** How many match: exact, at least this many (the count stopped at its cap), or about this many. */
  total: number;
  totalIs: AdminUsersResponse['totalIs'];
  /** The cursor of the page after this one; null on the last page. */
  nextCursor: string | null;
}

/** One page of the table: the first (no cursor) or the one after the page that gave `cursor`. */
async function getMembersPage(search: string, cursor: string | undefined): Promise<MembersPage> {
  const answer = await api.call(routes.listMembers, {
    query: { limit: MEMBERS_PAGE_SIZE, search, ...(cursor ? { cursor } : {}) },
  });
  return { members: answer.users, total: answer.total, totalIs: answer.totalIs, nextCursor: answer.nextCursor };
}

const membersPageQueryOptions = (search: string, cursor: string | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.adminUsers, search, cursor ?? ''] as const,
    queryFn: () => getMembersPage(search, cursor),
  });

export const useMembersPage = (search: string, cursor: string | undefined) =>
  useQuery({
    ...membersPageQueryOptions(search, cursor),
    // The table keeps its rows while the next page or search loads.
    placeholderData: keepPreviousData,
    ...polling(POLL_MS.admin),
  });

const syncContact = (memberId: string) => api.call(routes.syncContact, { params: { id: memberId } });

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
