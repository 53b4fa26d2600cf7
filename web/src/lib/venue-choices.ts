import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VenueChoice } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';

/** The group's venues as the signed-in staffer may choose them (which are theirs: `mine`). */
export const venueChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'venue-choices'] as const,
    queryFn: () => api.call(routes.listVenueChoices),
    staleTime: 60_000,
  });

/**
 * The group's open venues as staff editors offer them; an empty list while they load, or when the
 * group has one venue (then editors show no venue choice at all, as before venues).
 */
export function useVenueChoices(): VenueChoice[] {
  const query = useQuery(venueChoicesQueryOptions());
  const open = (query.data?.venues ?? []).filter((venue) => !venue.archived);
  return open.length > 1 ? open : [];
}
