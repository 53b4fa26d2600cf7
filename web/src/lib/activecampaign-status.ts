import { queryOptions } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from './api-client';
import { queryKeys } from './query-keys';

// Read by the ActiveCampaign tab (the whole status) and the overview (connected or not): one definition.
const getActiveCampaignStatus = () => api.call(routes.getActiveCampaignStatus);

export const activeCampaignStatusQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.activeCampaignStatus, queryFn: getActiveCampaignStatus });
