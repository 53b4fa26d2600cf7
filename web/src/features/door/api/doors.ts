import { useQuery } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { useDoorVenue } from '@/lib/staff-venue';

/** The named doors of the door's venue this phone can say it is at (none: door mode asks nothing). */
export function useDoorsToPick() {
  const venueId = useDoorVenue().venue?.id;
  return useQuery({
    queryKey: ['door', 'doors', venueId ?? 'own'],
    queryFn: () => api.call(routes.listDoorsToPick, { query: venueId === undefined ? {} : { venueId } }),
    staleTime: 60_000,
  });
}
