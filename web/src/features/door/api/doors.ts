import { useQuery } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';

/** The named doors this phone can say it is at (none: door mode asks nothing). */
export const useDoorsToPick = () =>
  useQuery({ queryKey: ['door', 'doors'], queryFn: () => api.call(routes.listDoorsToPick), staleTime: 60_000 });
