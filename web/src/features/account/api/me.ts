import { queryOptions, useQuery } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { POLL_MS, polling } from '@/lib/polling';
import { queryKeys } from '@/lib/query-keys';

/** Every mutation that changes the signed-in member's points invalidates this key. */
export const meQueryKey = queryKeys.me;

const getMe = () => api.call(routes.getMe);

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe });

/** The header's points and tier stay current while the member area is open. */
export const useMe = (enabled = true) => useQuery({ ...meQueryOptions(), enabled, ...polling(POLL_MS.mine) });

export const logout = () => api.call(routes.signOut);
