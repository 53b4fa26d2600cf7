import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteStaffRequest } from '@nocturne/contracts';
import type { Role } from '@nocturne/domain';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys } from '@/lib/query-keys';

const staffKeys = { list: ['admin', 'staff'] as const };

const getStaff = () => api.call(routes.listStaff);
const staffQueryOptions = () => queryOptions({ queryKey: staffKeys.list, queryFn: getStaff });
export const useStaff = () => useQuery({ ...staffQueryOptions(), ...polling(POLL_MS.admin) });

const inviteStaff = (body: InviteStaffRequest) => api.call(routes.inviteStaff, { body });
const changeStaffRole = ({ id, role }: { id: string; role: Role }) =>
  api.call(routes.changeStaffRole, { params: { id }, body: { role } });
const removeStaff = (id: string) => api.call(routes.removeStaff, { params: { id } });
/** Every second factor of the person goes and they are signed out; they enrol again at next sign-in. */
const resetSecondFactor = (id: string) => api.call(routes.resetStaffSecondFactor, { params: { id } });

/** A role change moves the staff list, the members table's badges and the overview's count of admins. */
function useStaffMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => invalidate(queryClient, staffKeys.list, queryKeys.adminUsers, queryKeys.adminStats),
  });
}

export const useInviteStaff = () => useStaffMutation(inviteStaff);
export const useChangeStaffRole = () => useStaffMutation(changeStaffRole);
export const useRemoveStaff = () => useStaffMutation(removeStaff);
export const useResetSecondFactor = () => useStaffMutation(resetSecondFactor);

/** The venues a door or manager account works at; none: all venues. */
const setStaffVenues = ({ id, venueIds }: { id: string; venueIds: number[] }) =>
  api.call(routes.setStaffVenues, { params: { id }, body: { venueIds } });
export const useSetStaffVenues = () => useStaffMutation(setStaffVenues);
