import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { acConnectionWords } from '@nocturne/domain';
import { activeCampaignStatusQueryOptions } from '@/lib/activecampaign-status';
import { api } from '@/lib/api-client';
import { reasonOr, toastError } from '@/lib/notify';
import { POLL_MS, polling } from '@/lib/polling';
import { queryKeys } from '@/lib/query-keys';
import { useStaffVenue } from '@/lib/staff-venue';

// The overview's figures come from getAdminStats (the cards) and getAdminOverview (the nights,
// queues and sync); both keys start with queryKeys.adminStats, which every admin
// change that moves a figure invalidates. System status comes from the readiness probe.
const getAdminStats = () => api.call(routes.getAdminStats);

const adminStatsQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.adminStats, 'stats'] as const, queryFn: getAdminStats });

const useAdminStats = () => useQuery({ ...adminStatsQueryOptions(), ...polling(POLL_MS.admin) });

/** The week ending with `night` (YYYY-MM-DD), or with tonight when undefined; one venue's, or the group's. */
const getAdminOverview = (night?: string, venueId?: number) =>
  api.call(routes.getAdminOverview, { query: { night, ...(venueId === undefined ? {} : { venue: String(venueId) }) } });

export const adminOverviewKey = (night?: string, venueId?: number) =>
  [...queryKeys.adminStats, 'nights', night ?? 'tonight', venueId ?? 'all'] as const;

const adminOverviewQueryOptions = (night?: string, venueId?: number) =>
  queryOptions({ queryKey: adminOverviewKey(night, venueId), queryFn: () => getAdminOverview(night, venueId) });

/** The overview of the venue the staff switcher shows (none: the group's, or a group of one venue). */
export function useAdminOverview(night?: string) {
  const { venueId } = useStaffVenue();
  return useQuery({
    ...adminOverviewQueryOptions(night, venueId),
    ...polling(POLL_MS.admin),
    placeholderData: (previous) => previous,
  });
}

export const useMemberCount = () => {
  const stats = useAdminStats();
  return { ...stats, data: stats.data?.members };
};

export const useNewsCount = () => {
  const stats = useAdminStats();
  return { ...stats, data: stats.data === undefined ? undefined : String(stats.data.newsPosts) };
};

const getSystemReady = async () => (await api.call(routes.healthReady)).status === 'ok';

const systemReadyQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.adminStats, 'health'] as const, queryFn: getSystemReady });

export const useSystemReady = () => useQuery({ ...systemReadyQueryOptions(), ...polling(POLL_MS.admin) });

/**
 * The ActiveCampaign tab's status, of which the overview shows only the badge: "Connected" only
 * after AC answered a call, else Unreachable, Configured (not contacted yet) or Not configured.
 */
export const useActiveCampaignConnection = () =>
  useQuery({
    ...activeCampaignStatusQueryOptions(),
    select: (status) => (status.configured ? acConnectionWords(status.connection, () => '').badge : 'Not configured'),
  });

const openQueueDashboard = () => api.call(routes.openQueueDashboard, { body: {} });

/**
 * The queue dashboard is a page the api serves, and the session is a bearer token the browser
 * cannot send with a page: the api first hands out a pass (an HttpOnly cookie for that page only),
 * then the browser goes there; admins land on the full board, managers on a read-only one.
 */
export function useOpenQueueDashboard(go: (path: string) => void = (path) => window.location.assign(path)) {
  return useMutation({
    mutationFn: openQueueDashboard,
    onSuccess: (pass) => go(pass.path),
    onError: (error) => toastError(reasonOr(error, 'Could not open the queue dashboard')),
  });
}
