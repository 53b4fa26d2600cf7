import { useQuery } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { queryKeys } from '@/lib/query-keys';
import { useStaffVenue } from '@/lib/staff-venue';

/**
 * Tonight's guest lists at the venue the staff switcher names (every venue of the staffer's
 * otherwise) added up, and last night's no-show (under adminStats, so staff changes refresh it).
 */
export function useGuestListNights() {
  const { venueId } = useStaffVenue();
  return useQuery({
    queryKey: [...queryKeys.adminStats, 'guest-lists', venueId ?? null] as const,
    queryFn: () => api.call(routes.getGuestListNights, { query: venueId ? { venueId } : {} }),
    ...polling(POLL_MS.admin),
  });
}
