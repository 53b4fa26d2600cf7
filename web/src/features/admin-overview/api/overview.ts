import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@nocturne/contracts';
import { activeCampaignStatusQueryOptions } from '@/lib/activecampaign-status';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { queryKeys } from '@/lib/query-keys';

// The overview's figures come from GET /api/admin/stats; every admin change that moves one of
// them invalidates queryKeys.adminStats. System status comes from the readiness probe.
export const getAdminStats = () => api.get<AdminStats>('/api/admin/stats');

export const adminStatsQueryOptions = () => queryOptions({ queryKey: queryKeys.adminStats, queryFn: getAdminStats });

export const useAdminStats = () => useQuery({ ...adminStatsQueryOptions(), ...polling(POLL_MS.admin) });

export const useMemberCount = () => {
  const stats = useAdminStats();
  return { ...stats, data: stats.data?.members };
};

export const useNewsCount = () => {
  const stats = useAdminStats();
  return { ...stats, data: stats.data === undefined ? undefined : String(stats.data.newsPosts) };
};

export const getSystemReady = async () => (await api.get<{ status: string }>('/health/ready')).status === 'ok';

export const systemReadyQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'overview', 'health'] as const, queryFn: getSystemReady });

export const useSystemReady = () => useQuery({ ...systemReadyQueryOptions(), ...polling(POLL_MS.admin) });

/** The Email tab's status, of which the overview shows only whether the integration is set up. */
export const useActiveCampaignConfigured = () =>
  useQuery({ ...activeCampaignStatusQueryOptions(), select: (status) => status.configured });
