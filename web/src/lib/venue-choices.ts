import { useQuery } from '@tanstack/react-query';
import type { VenueChoice } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';

const venueChoicesKey = ['admin', 'venue-choices'] as const;

/**
 * The group's open venues as staff editors offer them; an empty list while they load, or when the
 * group has one venue (then editors show no venue choice at all, as before venues).
 */
export function useVenueChoices(): VenueChoice[] {
  const query = useQuery({ queryKey: venueChoicesKey, queryFn: () => api.call(routes.listVenueChoices), staleTime: 60_000 });
  const open = (query.data?.venues ?? []).filter((venue) => !venue.archived);
  return open.length > 1 ? open : [];
}
