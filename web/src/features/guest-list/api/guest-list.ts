import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { POLL_MS, polling } from '@/lib/polling';

const myGuestListsKey = queryKeys.myGuestLists;

/** The lists the member is on, the coming ones they may join, their plus-ones and the no-show rule (routes.getMyGuestLists). */
export const myGuestListsQueryOptions = () =>
  queryOptions({ queryKey: myGuestListsKey, queryFn: () => api.call(routes.getMyGuestLists) });
export const useMyGuestLists = () => useQuery({ ...myGuestListsQueryOptions(), ...polling(POLL_MS.mine) });

export function useJoinGuestList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { eventId: string; night: string; plusOnes: number }) =>
      api.call(routes.joinGuestList, { params: { id: input.eventId, night: input.night }, body: { plusOnes: input.plusOnes } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myGuestListsKey }),
  });
}

export function useLeaveGuestList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { eventId: string; night: string }) =>
      api.call(routes.leaveGuestList, { params: { id: input.eventId, night: input.night } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myGuestListsKey }),
  });
}
