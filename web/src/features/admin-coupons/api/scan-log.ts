import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys, REDEMPTION_KEYS } from '@/lib/query-keys';
import { useStaffVenue } from '@/lib/staff-venue';
import { undoRedemption } from '@/lib/undo-redemption';

const RECENT_SCANS = 20;

const getRecentScans = (venueId?: number) =>
  api.call(routes.listScans, { query: { limit: RECENT_SCANS, ...(venueId === undefined ? {} : { venueId }) } });

/** The newest lines at the venue the staff switcher shows (none: every venue the staffer works at). */
const recentScansQueryOptions = (venueId?: number) =>
  queryOptions({ queryKey: [...queryKeys.adminScans, venueId ?? 'all'] as const, queryFn: () => getRecentScans(venueId) });

export function useRecentScans() {
  const { venueId } = useStaffVenue();
  return useQuery({ ...recentScansQueryOptions(venueId), ...polling(POLL_MS.admin) });
}

/** An undo changes the log (a new line, the redeem line loses its button), the coupon counts and the overview. */
export function useUndoRedemption() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: undoRedemption, onSettled: () => invalidate(queryClient, ...REDEMPTION_KEYS) });
}
