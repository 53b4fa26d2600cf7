import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AdminUser, AdminUsersResponse, SyncContactResponse } from '@nocturne/contracts';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { queryKeys } from '@/lib/query-keys';

// GET /api/admin/users answers a page `{users, total}`, searched and paged by the server.
export type AdminMember = AdminUser;

export const MEMBERS_PAGE_SIZE = 25;

export interface MembersPage {
  members: AdminMember[];
  total: number;
}

export async function getMembersPage(search: string, page: number): Promise<MembersPage> {
  const params = new URLSearchParams({ limit: String(MEMBERS_PAGE_SIZE), offset: String(page * MEMBERS_PAGE_SIZE) });
  if (search) params.set('search', search);
  const answer = await api.get<AdminUsersResponse>(`/api/admin/users?${params}`);
  return { members: answer.users, total: answer.total };
}

export const useMembersPage = (search: string, page: number) =>
  useQuery({
    queryKey: [...queryKeys.adminUsers, search, page],
    queryFn: () => getMembersPage(search, page),
    // The table keeps its rows while the next page or search loads.
    placeholderData: keepPreviousData,
    ...polling(POLL_MS.admin),
  });

export const useSyncContact = () =>
  useMutation({ mutationFn: (memberId: string) => api.post<SyncContactResponse>(`/api/admin/sync-contact/${memberId}`) });
