import { queryOptions, useQuery } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { polling, POLL_MS } from '@/lib/polling';
import { queryKeys } from '@/lib/query-keys';

/** The member's card (routes.getMyCard): kept on the device with the member's other answers, for the door without signal. */
export const myCardQueryOptions = () => queryOptions({ queryKey: queryKeys.myCard, queryFn: () => api.call(routes.getMyCard) });
export const useMyCard = () => useQuery({ ...myCardQueryOptions(), ...polling(POLL_MS.mine) });
