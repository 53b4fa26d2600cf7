import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActiveCampaignStatus, BulkSyncStarted, SyncJobStatus } from '@nocturne/contracts';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';

export const acStatusKey = ['admin', 'integrations', 'activecampaign'] as const;
const syncJobKey = (jobId: string) => ['admin', 'sync-jobs', jobId] as const;

/** How often the progress bar asks the api how far the bulk sync is. */
export const SYNC_POLL_MS = 1000;

export const useActiveCampaignStatus = () =>
  useQuery({ queryKey: acStatusKey, queryFn: () => api.get<ActiveCampaignStatus>('/api/admin/integrations/activecampaign'), ...polling(POLL_MS.admin) });

export function useStartBulkSync() {
  return useMutation({ mutationFn: () => api.post<BulkSyncStarted>('/api/admin/sync-contacts') });
}

/** Polls one bulk-sync job until it completes. */
export function useSyncJob(jobId: string | null) {
  return useQuery({
    queryKey: syncJobKey(jobId ?? ''),
    queryFn: () => api.get<SyncJobStatus>(`/api/admin/sync-jobs/${jobId}`),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.state === 'completed' || query.state.error ? false : SYNC_POLL_MS),
  });
}

export function useRefreshAcStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: acStatusKey });
}
