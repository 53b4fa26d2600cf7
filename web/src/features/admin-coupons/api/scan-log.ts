import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys, REDEMPTION_KEYS } from '@/lib/query-keys';
import { undoRedemption } from '@/lib/undo-redemption';

const RECENT_SCANS = 20;

const getRecentScans = () => api.call(routes.listScans, { query: { limit: RECENT_SCANS } });

const recentScansQueryOptions = () => queryOptions({ queryKey: queryKeys.adminScans, queryFn: getRecentScans });

export const useRecentScans = () => useQuery({ ...recentScansQueryOptions(), ...polling(POLL_MS.admin) });

/** An undo changes the log (a new line, the redeem line loses its button), the coupon counts and the overview. */
export function useUndoRedemption() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: undoRedemption, onSettled: () => invalidate(queryClient, ...REDEMPTION_KEYS) });
}
