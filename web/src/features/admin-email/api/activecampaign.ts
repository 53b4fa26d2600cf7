import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { activeCampaignStatusQueryOptions } from '@/lib/activecampaign-status';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { invalidate, queryKeys } from '@/lib/query-keys';

/** How often the progress bar asks the api how far the bulk sync is. */
const SYNC_POLL_MS = 1000;

export const useActiveCampaignStatus = () => useQuery({ ...activeCampaignStatusQueryOptions(), ...polling(POLL_MS.admin) });

const startBulkSync = () => api.call(routes.startBulkSync);

/** A sync under way shows on the status card (its job, members waiting) and on the overview. */
export function useStartBulkSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBulkSync,
    onSuccess: () => invalidate(queryClient, queryKeys.activeCampaignStatus, queryKeys.adminStats),
  });
}

const getSyncJob = (jobId: string) => api.call(routes.getSyncJob, { params: { jobId } });

const syncJobQueryOptions = (jobId: string) =>
  queryOptions({ queryKey: ['admin', 'sync-jobs', jobId] as const, queryFn: () => getSyncJob(jobId) });

/** Polls one bulk-sync job until it completes. */
export function useSyncJob(jobId: string | null) {
  return useQuery({
    ...syncJobQueryOptions(jobId ?? ''),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.state === 'completed' || query.state.error ? false : SYNC_POLL_MS),
  });
}

/** A finished sync changed the members' sync state: the status card, the members and the overview refresh. */
export function useRefreshAfterSync() {
  const queryClient = useQueryClient();
  return () => invalidate(queryClient, queryKeys.activeCampaignStatus, queryKeys.adminUsers, queryKeys.adminStats);
}
