import { queryOptions } from '@tanstack/react-query';
import type { ActiveCampaignStatus } from '@nocturne/contracts';
import { api } from './api-client';
import { queryKeys } from './query-keys';

// Read by the Email tab (the whole status) and the overview (connected or not): one definition.
export const getActiveCampaignStatus = () => api.get<ActiveCampaignStatus>('/api/admin/integrations/activecampaign');

export const activeCampaignStatusQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.activeCampaignStatus, queryFn: getActiveCampaignStatus });
