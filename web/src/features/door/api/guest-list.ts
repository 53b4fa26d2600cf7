import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api, ApiError } from '@/lib/api-client';
import { useDoorVenue } from '@/lib/staff-venue';
import { doorTonightKey } from './door';

/** Tonight's guest-list names at the door's venue matching a search (at least two characters). */
export function useDoorGuestSearch(search: string) {
  const venueId = useDoorVenue().venue?.id;
  return useQuery({
    queryKey: ['door', 'guest-list', venueId ?? null, search],
    queryFn: () => api.call(routes.findDoorGuests, { query: { q: search, ...(venueId ? { venueId } : {}) } }),
    enabled: search.trim().length >= 2,
    staleTime: 0,
  });
}

/** Marks how many of a party came in (once), at the door's venue; the tally counts them. */
export function useMarkPartyIn() {
  const venueId = useDoorVenue().venue?.id;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { entryId: string; count: number }) =>
      api.call(routes.markGuestsArrived, {
        params: { id: input.entryId },
        body: { count: input.count, ...(venueId ? { venueId } : {}) },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: doorTonightKey });
      void queryClient.invalidateQueries({ queryKey: ['door', 'guest-list'] });
    },
  });
}

/** The api's words for a refused marking ("Already marked: 3 of Jordan's party came in"), or why it did not go through. */
export function markingProblem(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.serverMessage) return error.serverMessage;
  if (error instanceof TypeError) return 'No connection: the party was not marked. Try again.';
  return 'The party was not marked. Try again.';
}
