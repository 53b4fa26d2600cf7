import { useQuery } from '@tanstack/react-query';
import type { ActiveCampaignStatus, AdminStats } from '@nocturne/contracts';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';

// The overview's figures come from GET /api/admin/stats; system status from the readiness probe.
export const useAdminStats = () =>
  useQuery({ queryKey: ['admin', 'overview', 'stats'], queryFn: () => api.get<AdminStats>('/api/admin/stats'), ...polling(POLL_MS.admin) });

export const useMemberCount = () => {
  const stats = useAdminStats();
  return { ...stats, data: stats.data?.members };
};

export const useNewsCount = () => {
  const stats = useAdminStats();
  return { ...stats, data: stats.data === undefined ? undefined : String(stats.data.newsPosts) };
};

export const useSystemReady = () =>
  useQuery({
    queryKey: ['admin', 'overview', 'health'],
    queryFn: async () => (await api.get<{ status: string }>('/health/ready')).status === 'ok',
    ...polling(POLL_MS.admin),
  });

export const useActiveCampaignConfigured = () =>
  useQuery({
    queryKey: ['admin', 'overview', 'activecampaign'],
    queryFn: async () => (await api.get<ActiveCampaignStatus>('/api/admin/integrations/activecampaign')).configured,
  });
