import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateNamedDoorRequest, UpdateDoorSettingsRequest, UpdateNamedDoorRequest } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';
import { polling, POLL_MS } from '@/lib/polling';
import { useStaffVenue } from '@/lib/staff-venue';

const doorsKey = ['admin', 'door-devices'] as const;
const lockoutsKey = ['admin', 'door-lockouts'] as const;
const settingsKey = ['admin', 'door-settings'] as const;
const conflictsKey = ['admin', 'door-conflicts'] as const;

export const useNamedDoors = () => useQuery({ queryKey: doorsKey, queryFn: () => api.call(routes.listNamedDoors) });

/** Phones waiting to type, polled: a wait starts at the door, not here. */
export const useDoorLockouts = () =>
  useQuery({ queryKey: lockoutsKey, queryFn: () => api.call(routes.listDoorLockouts), ...polling(POLL_MS.admin) });

export function useCreateNamedDoor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateNamedDoorRequest) => api.call(routes.createNamedDoor, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: doorsKey }),
  });
}

export function useUpdateNamedDoor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateNamedDoorRequest }) =>
      api.call(routes.updateNamedDoor, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: doorsKey }),
  });
}

export function useLiftDoorLockout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(routes.liftDoorLockout, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lockoutsKey }),
  });
}

export const useDoorSettings = () => useQuery({ queryKey: settingsKey, queryFn: () => api.call(routes.getDoorSettings) });

export function useUpdateDoorSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDoorSettingsRequest) => api.call(routes.updateDoorSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}

/**
 * Tonight's conflicts from offline doors at the staff switcher's venue (every venue of the
 * staffer's otherwise), polled: they arrive when a door's batch does.
 */
export function useDoorConflicts() {
  const { venueId } = useStaffVenue();
  return useQuery({
    queryKey: [...conflictsKey, venueId ?? 'all'],
    queryFn: () => api.call(routes.listDoorConflicts, { query: venueId === undefined ? {} : { venueId } }),
    ...polling(POLL_MS.admin),
  });
}
