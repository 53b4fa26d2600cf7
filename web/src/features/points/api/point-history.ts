import { queryOptions, useQuery } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { queryKeys } from '@/lib/query-keys';

const getPointHistory = () => api.call(routes.listPointHistory);

export const pointHistoryQueryOptions = () => queryOptions({ queryKey: queryKeys.pointsHistory, queryFn: getPointHistory });

export const usePointHistory = () => useQuery({ ...pointHistoryQueryOptions(), ...polling(POLL_MS.mine) });
